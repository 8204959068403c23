@testable import ConfigFile
import Testing

@Suite("The TOML scan: what toml++ is not given, and where keys are")
struct TOMLScanTests {
    @Test("characters outside ASCII are refused outside strings and comments, with their place", arguments: [
        ("[\u{FFFD}udio]\n", 1, 2), ("a = 1\nb\u{E9} = 2\n", 2, 2), ("x = \"ok é\" # é too\ny = ñ\n", 2, 5),
        ("s = '''\né\n''' \nk = é", 4, 5),
    ])
    func refused(text: String, line: Int, column: Int) throws {
        #expect(throws: ConfigError.self) { try ConfigLoader.parse(text, file: "t.toml") }
        do {
            _ = try ConfigLoader.parse(text, file: "t.toml")
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
        }
    }

    @Test("table headers that cannot start a key, and } where an array expects a value, are refused before toml++ sees them", arguments: [
        "[#x]\n", "[=]\n", "[\n", "[ \n", "[\rtraining]\n", "[[ \r\n", "[[#]]\n", "a = 1\n  [ .x]\n", "[\t!]\n", "[{a=1}audio]\n",
        // A ''' in a comment opens no string: the header after it is still checked (found by the fuzzer).
        "# it'''s\n[{a=1}audio]\n", "# ''' \"\"\"\n[=]\n",
        // A } where an array expects a value (found by make fuzz; toml++ asserted in its value parser).
        "[midi]\nkeyboards = [}]\n", "[midi]\nkeyboards = [\"a\", }b\"]\n", "[midi]\nkeyboards = [\n  # c\n  }\n",
        "[midi]\nkeyboards = [[1], }]\n", "[midi]\nkeyboards = [{a = 1}, }]\n", "x = {a = [ } ]}\n",
    ])
    func badHeaders(text: String) {
        #expect(throws: ConfigError.self) { try ConfigLoader.parse(text, file: "t.toml") }
    }

    @Test("non-ASCII inside strings and comments is fine")
    func allowed() throws {
        let text = "# Zürich\n[storage]\nprofile = \"default\" # é\n"
        #expect(try ConfigLoader.parse(text, file: "t.toml").storage.profile == "default")
    }

    @Test("a [ inside a multi-line string starts no header; after a ''' in a comment one does")
    func bracketInString() throws {
        let text = "[storage]\nprofile = \"default\"\n# '''\n[socket]\nmax_clients = 8\n"
        #expect(try ConfigLoader.parse(text, file: "t.toml").socket.maxClients == 8)
        #expect(throws: ConfigError.self) { try ConfigLoader.parse("x = '''\n[=]\n'''\n[=]\n", file: "t.toml") }
        #expect(throws: Never.self) { try ConfigLoader.parse("[midi]\n# a\nkeyboards = []\n", file: "t.toml") }
        // Nested arrays and inline tables may start a line inside a value: not headers, not refused.
        #expect(throws: Never.self) {
            try ConfigLoader.parse("[training.interval]\nintervals = [\n  \"m3\", # a }\n  \"P5\",\n]\n", file: "t.toml")
        }
        #expect(TOMLScan("x = [\n  [1, 2],\n  [{a = 1}],\n  {b = [3]},\n]\n").problem == nil)
    }

    @Test("a multi-line string's closing quotes take up to two more: the } after it is seen as code")
    func quotesAfterMultiLineString() throws {
        #expect(TOMLScan("x = [\"\"\"a\"\"\"\", }]\n").problem?.column == 16)
        #expect(TOMLScan("x = ['''a''''', }]\n").problem != nil)
        #expect(TOMLScan("x = \"\"\"a\"\"\"\"\"\ny = [1]\n").problem == nil)
    }

    @Test("every key path is located: headers, arrays of tables, dotted keys, inline tables, array elements")
    func locations() {
        let scan = TOMLScan(#"""
            top = 1
            [a.b]  # c
            "quoted key" = { x = 1, y = [2,
              {z = 3}] }
            [[t]]
            k = 'v'
            [[t]]
            k.l = """
            ]
            """
            m = [
              [1],
              "]",
            ]
            """#)
        #expect(scan.problem == nil)
        let expected: [[String]: Int] = [
            ["top"]: 1, ["a", "b"]: 2, ["a", "b", "quoted key"]: 3, ["a", "b", "quoted key", "x"]: 3,
            ["a", "b", "quoted key", "y"]: 3, ["a", "b", "quoted key", "y", "[1]"]: 4,
            ["a", "b", "quoted key", "y", "[1]", "z"]: 4, ["t"]: 5, ["t", "[0]"]: 5, ["t", "[0]", "k"]: 6,
            ["t", "[1]"]: 7, ["t", "[1]", "k", "l"]: 8, ["t", "[1]", "m", "[1]"]: 13,
        ]
        for (path, line) in expected { #expect(scan.line(of: path) == line, "\(path)") }
        #expect(scan.line(of: ["t", "[1]", "m", "[0]", "[0]"]) == 12)
        #expect(scan.line(of: ["nowhere"]) == nil)
    }
}

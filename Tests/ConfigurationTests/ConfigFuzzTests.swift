@testable import Configuration
import Foundation
import Testing
import Training

/// A seeded fuzzer for the config parser: the shipped file, mutated, must load or be refused with
/// a `ConfigError` that names the file; nothing may trap. `FUZZ_ITERATIONS` sets the count (CI:
/// 2,000; a debug build parses about 200 files a second; `make fuzz`: millions, optimised).
@Suite("Config fuzzing")
struct ConfigFuzzTests {
    static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("config/eartrainer.toml").path

    static var iterations: Int {
        ProcessInfo.processInfo.environment["FUZZ_ITERATIONS"].flatMap(Int.init) ?? 2_000
    }

    /// The fuzzer is its own program (Tests/ConfigFuzzer), so a trap in toml++ shows as its signal
    /// here instead of ending the test run, and `make fuzz` can run it optimised for millions.
    @Test("seeded mutations of the shipped config: loaded or refused with the file named, never a trap")
    func fuzzConfig() throws {
        let process = Process()
        // Beside the test bundle, in the build folder.
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("config-fuzzer").path), directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        process.executableURL = directory.appendingPathComponent("config-fuzzer")
        process.arguments = [Self.shipped, "\(Self.iterations)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        print(output, terminator: "")
        #expect(process.terminationReason == .exit, "config-fuzzer ended by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0, "\(output)")
        let counts = output.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(counts.count == 3 && counts[0] == Self.iterations && counts[1] + counts[2] == counts[0] && counts[2] > 0, "\(output)")
    }
}

@Suite("TOML preflight")
struct TOMLPreflightTests {
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

    @Test("table headers that cannot start a key are refused before toml++ sees them", arguments: [
        "[#x]\n", "[=]\n", "[\n", "[ \n", "[[#]]\n", "a = 1\n  [ .x]\n", "[\t!]\n", "[{a=1}audio]\n",
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
        #expect(TOMLPreflight.check("x = [\n  [1, 2],\n  [{a = 1}],\n  {b = [3]},\n]\n") == nil)
    }
}

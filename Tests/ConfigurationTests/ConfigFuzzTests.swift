import Configuration
import Foundation
import Testing
import Training

/// A seeded fuzzer for the config parser: the shipped file, mutated, must load or be refused with
/// a `ConfigError` that names the file; nothing may trap. `FUZZ_ITERATIONS` sets the count (CI:
/// 2,000; a debug build parses about 100 files a second).
@Suite("Config fuzzing")
struct ConfigFuzzTests {
    static let shipped: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("config/eartrainer.toml")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()
    static let fragments = ["[", "]", "=", "\"", "'''", "\"\"\"", "[[x]]", "0o777", "1e400", "-inf", "nan", "true",
                            "\n", "#", "\\u0000", "[training.scale]", "lowest_note = \"B#-1\"", "{a=1}", ",", "é", "\u{0}"]

    static var iterations: Int {
        ProcessInfo.processInfo.environment["FUZZ_ITERATIONS"].flatMap(Int.init) ?? 2_000
    }

    @Test("seeded mutations of the shipped config: loaded or refused with the file named, never a trap")
    func fuzzConfig() throws {
        try #require(!Self.shipped.isEmpty)
        var random = SeededRandom(seed: 0xC0F1)
        let base = Array(Self.shipped.utf8)
        var loaded = 0
        var refused = 0
        for _ in 0..<Self.iterations {
            var bytes = base
            for _ in 0..<(1 + Int(random.next() % 6)) where !bytes.isEmpty {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 4 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 40)))
                case 2: bytes.insert(contentsOf: Array(Self.fragments[Int(random.next() % UInt64(Self.fragments.count))].utf8), at: at)
                default: bytes = Array(bytes[..<at])
                }
            }
            if ProcessInfo.processInfo.environment["FUZZ_DUMP"] != nil {
                try Data(bytes).write(to: URL(fileURLWithPath: "/tmp/config-fuzz-last.toml"))
            }
            do {
                _ = try ConfigLoader.parse(String(decoding: bytes, as: UTF8.self), file: "fuzz.toml")
                loaded += 1
            } catch {
                #expect(error.description.hasPrefix("fuzz.toml"), "\(error)")
                refused += 1
            }
        }
        print("config fuzz: \(Self.iterations) inputs, \(loaded) loaded, \(refused) refused")
        #expect(loaded + refused == Self.iterations)
        #expect(refused > 0)
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
    }
}

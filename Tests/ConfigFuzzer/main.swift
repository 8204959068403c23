// config-fuzzer: seeded mutations of a config file through the config parser.
// Every input must be loaded, or refused with an error that names the file; nothing may trap.
//
//   config-fuzzer CONFIG ITERATIONS [SEED] [--dump FILE]
//
// Prints one line, "config fuzz: N inputs, L loaded, R refused", and exits 0; exits 1 when a
// refusal did not name the file. A trap (toml++'s assertions, in a build with them) ends it with
// its signal; `--dump FILE` writes each input there first, so the last one is the culprit.
// `ConfigFuzzTests` runs it with 2,000 inputs in `make test`; `make fuzz` with millions, built
// with optimisation and the assertions on.
import ConfigFile
import Foundation
import Training

var arguments = Array(CommandLine.arguments.dropFirst())
var dump: String?
if let flag = arguments.firstIndex(of: "--dump"), flag + 1 < arguments.count {
    dump = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
}
guard arguments.count >= 2, let base = FileManager.default.contents(atPath: arguments[0]), let iterations = Int(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: config-fuzzer CONFIG ITERATIONS [SEED] [--dump FILE]\n".utf8))
    exit(64)
}
let fragments = ["[", "]", "=", "\"", "'''", "\"\"\"", "[[x]]", "0o777", "1e400", "-inf", "nan", "true",
                 "\n", "#", "\\u0000", "[training.scale]", "lowest_note = \"B#-1\"", "{a=1}", ",", "é", "\u{0}"]
var random = SeededRandom(seed: arguments.count > 2 ? UInt64(arguments[2]) ?? 0xC0F1 : 0xC0F1)
var loaded = 0
var refused = 0
for _ in 0..<iterations {
    var bytes = [UInt8](base)
    for _ in 0..<(1 + Int(random.next() % 6)) where !bytes.isEmpty {
        let at = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 4 {
        case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
        case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 40)))
        case 2: bytes.insert(contentsOf: Array(fragments[Int(random.next() % UInt64(fragments.count))].utf8), at: at)
        default: bytes = Array(bytes[..<at])
        }
    }
    if let dump { FileManager.default.createFile(atPath: dump, contents: Data(bytes)) }
    do {
        _ = try ConfigLoader.parse(String(decoding: bytes, as: UTF8.self), file: "fuzz.toml")
        loaded += 1
    } catch {
        guard error.description.hasPrefix("fuzz.toml") else {
            print("config fuzz: a refusal without the file's name: \(error)")
            exit(1)
        }
        refused += 1
    }
}
print("config fuzz: \(iterations) inputs, \(loaded) loaded, \(refused) refused")

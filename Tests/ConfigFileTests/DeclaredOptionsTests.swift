import ConfigFile
import Foundation
import MusicTheory
import Testing
import Training

/// A kind that declares its options once (`DeclaresOptions`) reads each the same from the command
/// line, from `session.start` params and from its config section: for every declared option, a
/// value it offers gives the same exercise by every path, and the kind's folder reads no key by hand.
@Suite struct DeclaredOptionsTests {
    static var declaring: [any DeclaresOptions.Type] { ExerciseCatalog.standard.compactMap { $0 as? any DeclaresOptions.Type } }

    /// The option's command-line words and config line for a value it offers (the last choice:
    /// not the default, for most), or nil when it offers none.
    static func sample(_ option: ExerciseCommandLine.Option, configKey: String) -> (arguments: [String], line: String)? {
        switch option.value {
        case .flag(.string(let choice)):
            return (["--\(option.name)"], "\(configKey) = \"\(choice)\"")
        case .flag(let value):
            guard case .bool(let flag) = value else { return nil }
            // The octave a note is taken in is `strict` on the command line, `matching` in the file.
            let written = configKey == "matching" ? (flag ? "\"exact-octave\"" : "\"pitch-class\"") : "\(flag)"
            return (["--\(option.name)"], "\(configKey) = \(written)")
        case .number:
            guard let choice = option.choices.last?.value else { return nil }
            return (["--\(option.name)", choice], "\(configKey) = \(choice)")
        case .text:
            guard let choice = option.choices.last?.value else { return nil }
            return (["--\(option.name)", choice], "\(configKey) = \"\(choice)\"")
        case .list:
            guard let choice = option.choices.last?.value else { return nil }
            return (["--\(option.name)", choice], "\(configKey) = [\"\(choice)\"]")
        case .paths:
            return (["--\(option.name)", "/srv/scores/minuet.mxl"], "\(configKey) = [\"/srv/scores/minuet.mxl\"]")
        }
    }

    @Test("every declared option: the command line, the params and the config section give the same exercise")
    func samePaths() throws {
        #expect(!Self.declaring.isEmpty)
        for module in Self.declaring { try Self.check(module) }
    }

    static func check<Module: DeclaresOptions>(_ module: Module.Type) throws {
        for option in Module.declaredOptions.all {
            let line = option.commandLine
            let sample = try #require(Self.sample(line, configKey: option.configKey), "\(Module.kind) --\(line.name) offers no value")
            let fromCommandLine = try Module.options(from: try Module.commandLine.params(from: sample.arguments), over: Module.defaults)
            // A dictation's tempo, meter, level or tolerance in params asks for its rhythm; the file says so itself.
            let implied = Module.kind.rawValue == "dictation" && RhythmTiming.declaredOptions.commandLine.contains { $0.key == line.key }
            let text = "[training.\(Module.kind)]\n\(sample.line)\n" + (implied ? "rhythm = true\n" : "")
            let config = try ConfigLoader.parse(text, file: "/etc/eartrainer/eartrainer.toml")
            let fromConfig = try #require(config.training.exercises[Module.kind])
            #expect(Exercise(fromCommandLine) == fromConfig, "\(Module.kind): \(sample.arguments.joined(separator: " ")) and \(sample.line)")
            #expect(fromCommandLine != Module.defaults, "\(Module.kind) \(sample.arguments.joined(separator: " ")): the sample changed nothing")
        }
    }

    @Test("every kind declares its options, and no kind folder nor a shared block reads a key by hand")
    func noHandReads() throws {
        #expect(Self.declaring.count == ExerciseCatalog.standard.count,
                "not declared: \(ExerciseCatalog.standard.map { $0.kind }.filter { kind in !Self.declaring.contains { $0.kind == kind } })")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let pattern = try Regex(#"(params|reader)\.[a-zA-Z]+\(""#)
        // `ear-interval`'s folder is EarInterval.
        let folders = ExerciseCatalog.standard.map { $0.kind.rawValue.split(separator: "-").map(\.capitalized).joined() } + ["Shared"]
        for folder in folders {
            let url = root.appendingPathComponent("Sources/Training/Exercises/\(folder)")
            let files = try #require(FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.allObjects as? [URL])
                .filter { $0.pathExtension == "swift" }
            #expect(!files.isEmpty, "\(url.path)")
            for file in files {
                let text = try String(contentsOf: file, encoding: .utf8)
                #expect(text.firstMatch(of: pattern) == nil, "\(folder)/\(file.lastPathComponent) reads an option by hand")
            }
        }
    }

    @Test("docs/configuration.md has a row for every declared option's key")
    func documented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let table = try String(contentsOf: root.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        for module in Self.declaring { try Self.documented(module, in: table) }
    }

    static func documented<Module: DeclaresOptions>(_ module: Module.Type, in table: String) throws {
        // ear-interval's section takes the interval keys, and its own `harmonic`, in one row.
        let own = Module.kind.rawValue == "ear-interval" ? ["harmonic"] : Module.declaredOptions.all.map(\.configKey)
        for key in own {
            let row = Module.kind.rawValue == "ear-interval" ? "`training.ear-interval.*`" : "`training.\(Module.kind).\(key)`"
            #expect(table.contains(row) && (Module.kind.rawValue != "ear-interval" || table.contains("`\(key)`")),
                    "docs/configuration.md: no row for \(Module.kind)'s \(key)")
        }
    }

    @Test("every menu page sets a declared option, and every choice on it is one the option takes")
    func menuPages() throws {
        for module in Self.declaring { try Self.menuPages(module) }
    }

    static func menuPages<Module: DeclaresOptions>(_ module: Module.Type) throws {
        let keys = Set(Module.declaredOptions.commandLine.map(\.key))
        for page in Module.menuPages where page.input != .keys {
            #expect(keys.contains(page.key), "\(Module.kind)'s menu page \(page.key) sets no declared option: \(keys.sorted())")
            guard case .choices(let choices) = page.input else { continue }
            for choice in choices {
                #expect(throws: Never.self, "\(Module.kind) \(page.key) = \(choice.value)") {
                    _ = try Module.options(from: ExerciseParams([page.key: choice.value]), over: Module.defaults)
                }
            }
        }
    }
}

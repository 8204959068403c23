import Foundation
import ProcessTestSupport
import Testing
import Training

/// A kind is one folder, `Sources/Training/Exercises/<Kind>/`, and no kind uses another: what two
/// kinds share (meter and rhythm timing, chord groups, interval questions, cadences) lives in
/// `Exercises/Shared/` (docs/architecture.md, "Adding an exercise kind"). These tests read the
/// sources: a kind folder that names a type declared only in another kind's folder fails, naming
/// the file, the line and the type.
@Suite("Kind folders use their own types and the shared ones, never another kind's", .cpuHeavy)
struct KindFoldersTests {
    static let exercises = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Training/Exercises")
    /// The folder of the building blocks, beside the kinds'.
    static let shared = "Shared"

    /// One Swift file: its folder under `Exercises/` (a kind's, or `Shared`), its path from there
    /// and its code without comments and string literals.
    struct Source {
        var folder: String
        var path: String
        var code: String
    }

    /// Every Swift file in a folder of `Exercises/` (the loose files are the engine's, not a kind's).
    static func sources() throws -> [Source] {
        let folders = try FileManager.default.contentsOfDirectory(atPath: exercises.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: exercises.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
        }
        return try folders.sorted().flatMap { folder in
            let root = exercises.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            return try files.filter { $0.hasSuffix(".swift") }.sorted().map { file in
                Source(folder: folder, path: "\(folder)/\(file)",
                       code: code(try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)))
            }
        }
    }

    /// `text` with its comments and string literals blanked (their line breaks kept, so lines
    /// still count): a type named in a doc comment or a message is not a use of it.
    static func code(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let c = rest.first {
            if rest.hasPrefix("//") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*") {
                var depth = 0
                while !rest.isEmpty {
                    if rest.hasPrefix("/*") { depth += 1; rest = rest.dropFirst(2); continue }
                    if rest.hasPrefix("*/") { depth -= 1; rest = rest.dropFirst(2); if depth == 0 { break }; continue }
                    if rest.first == "\n" { out.append("\n") }
                    rest = rest.dropFirst()
                }
            } else if c == "\"" || rest.hasPrefix("#\"") {
                let raw = c == "#"
                let multiline = rest.dropFirst(raw ? 1 : 0).hasPrefix("\"\"\"")
                let close = (multiline ? "\"\"\"" : "\"") + (raw ? "#" : "")
                rest = rest.dropFirst((raw ? 1 : 0) + (multiline ? 3 : 1))
                out.append("\"\"")
                while !rest.isEmpty, !rest.hasPrefix(close) {
                    if !raw, rest.first == "\\" { rest = rest.dropFirst(2); continue }
                    if rest.first == "\n" { out.append("\n") }
                    rest = rest.dropFirst()
                }
                rest = rest.dropFirst(close.count)
            } else {
                out.append(c)
                rest = rest.dropFirst()
            }
        }
        return out
    }

    /// The types a file declares at its top level (`struct`, `enum`, `class`, `protocol`, `actor`,
    /// `typealias`); a nested type is reached through its outer one's name.
    static func declaredTypes(in code: String) -> [String] {
        let pattern = /^(?:(?:public|internal|fileprivate|private|final|indirect)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z]\w*)/
        return code.split(separator: "\n").compactMap { line in (try? pattern.prefixMatch(in: line)).map { String($0.1) } }
    }

    /// Each folder's top-level types.
    static func typesByFolder(_ sources: [Source]) -> [String: Set<String>] {
        sources.reduce(into: [:]) { types, source in types[source.folder, default: []].formUnion(declaredTypes(in: source.code)) }
    }

    /// The names `source` uses that only other kind folders declare, as `path:line: name (Kind/)`.
    /// From a kind folder, any other kind's type; from `Shared`, any kind's type.
    static func foreignNames(in source: Source, types: [String: Set<String>]) -> [String] {
        var owners: [String: [String]] = [:]
        for (folder, names) in types where folder != shared { for name in names { owners[name, default: []].append(folder) } }
        let own = types[source.folder] ?? []
        let sharedTypes = types[shared] ?? []
        var found: [String] = []
        for (number, line) in source.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for word in Set(line.matches(of: /[A-Za-z_]\w*/).map { String($0.0) }).sorted() {
                guard let folders = owners[word], !own.contains(word), !sharedTypes.contains(word) else { continue }
                found.append("\(source.path):\(number + 1): \(word) (\(folders.sorted().map { "\($0)/" }.joined(separator: ", ")))")
            }
        }
        return found
    }

    /// The static members a kind folder adds to a type declared outside it (`extension AnswerSubject
    /// { static func degree(_:) }`), as `AnswerSubject.degree` by folder.
    static func extensionStatics(_ sources: [Source], types: [String: Set<String>]) -> [String: Set<String>] {
        var statics: [String: Set<String>] = [:]
        for source in sources where source.folder != shared {
            var extended: String?
            for line in source.code.split(separator: "\n") {
                if let match = line.prefixMatch(of: /(?:public\s+)?extension\s+([A-Z][\w.]*)/) {
                    let outer = String(match.1.prefix { $0 != "." })
                    extended = types[source.folder, default: []].contains(outer) ? nil : String(match.1)
                } else if line.hasPrefix("}") {
                    extended = nil
                } else if let extended, let match = line.prefixMatch(of: /[ ]{4}(?:(?:public|internal|nonisolated)\s+)*static\s+(?:func|var|let)\s+(\w+)/) {
                    statics[source.folder, default: []].insert("\(extended).\(match.1)")
                }
            }
        }
        return statics
    }

    /// The lines of `source` that write another kind folder's static of a shared type
    /// (`AnswerSubject.degree` in a dictation, the scale's), as `path:line: name (Kind/)`.
    static func foreignStatics(in source: Source, statics: [String: Set<String>]) -> [String] {
        var found: [String] = []
        let lines = source.code.split(separator: "\n", omittingEmptySubsequences: false)
        for (folder, names) in statics.sorted(by: { $0.key < $1.key }) where folder != source.folder {
            for name in names.sorted() {
                let dot = name.lastIndex(of: ".")!
                let type = name[..<dot].replacingOccurrences(of: ".", with: "\\s*\\.\\s*")
                let pattern = try! Regex("\\b\(type)\\s*\\.\\s*\(name[name.index(after: dot)...])\\b")
                for (number, line) in lines.enumerated() where line.contains(pattern) {
                    found.append("\(source.path):\(number + 1): \(name) (\(folder)/)")
                }
            }
        }
        return found
    }

    @Test("no kind folder names a type declared only in another kind's folder")
    func noKindUsesAnother() throws {
        let sources = try Self.sources()
        let types = Self.typesByFolder(sources)
        #expect(types.keys.filter { $0 != Self.shared }.count == ExerciseCatalog.standard.count,
                "a folder a kind: \(types.keys.sorted()) for \(ExerciseCatalog.standard.count) kinds")
        let found = sources.filter { $0.folder != Self.shared }.flatMap { Self.foreignNames(in: $0, types: types) }
        #expect(found.count == 0, "uses of another kind's type; what two kinds share goes to Exercises/Shared/:\n\(found.joined(separator: "\n"))")
    }

    @Test("no kind folder writes a static another kind folder adds to a shared type (`AnswerSubject.degree`)")
    func noKindUsesAnothersStatics() throws {
        let sources = try Self.sources()
        let statics = Self.extensionStatics(sources, types: Self.typesByFolder(sources))
        let found = sources.flatMap { Self.foreignStatics(in: $0, statics: statics) }
        #expect(found.count == 0, "another kind's statics; what two kinds share goes to Exercises/Shared/:\n\(found.joined(separator: "\n"))")
    }

    @Test("the shared folder names no kind's type")
    func sharedUsesNoKind() throws {
        let sources = try Self.sources()
        let types = Self.typesByFolder(sources)
        let found = sources.filter { $0.folder == Self.shared }.flatMap { Self.foreignNames(in: $0, types: types) }
        #expect(found.count == 0, "a building block that names a kind's type:\n\(found.joined(separator: "\n"))")
    }

    /// The clients' targets: they draw and word what the events give through the kinds' own
    /// answers (`ExerciseClientText`), so a new kind touches none of them.
    static let clients = ["ClientViews", "WebView", "EartrainctlCommand"]

    @Test("the clients name no kind's type: ClientViews, the web view and eartrainctl draw a kind's answer as the kind says (its figure), with no case per kind")
    func clientsNameNoKind() throws {
        let types = Self.typesByFolder(try Self.sources()).filter { $0.key != Self.shared }
        let sources = Self.exercises.deletingLastPathComponent().deletingLastPathComponent()
        let found = try Self.clients.flatMap { target -> [String] in
            let root = sources.appendingPathComponent(target)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            return try files.sorted().flatMap { file in
                let source = Source(folder: target, path: "\(target)/\(file)",
                                    code: Self.code(try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)))
                return Self.foreignNames(in: source, types: types)
            }
        }
        #expect(found.count == 0, "a client that names a kind's type:\n\(found.joined(separator: "\n"))")
    }

    @Test("the checker finds a name across folders, not in comments, strings or its own folder")
    func checkerFindsForeignNames() {
        let types: [String: Set<String>] = ["Rhythm": ["Meter"], "Dictation": ["Melody"], "Shared": ["RhythmTiming"]]
        let source = Source(folder: "Dictation", path: "Dictation/A.swift", code: Self.code("""
            /// A `Meter` in a comment.
            let m: Meter = .fourFour // Meter
            let s = "Meter \\(x)"; let t = RhythmTiming(); let u = Melody()
            /* Meter */ let v = Meters.x
            """))
        #expect(Self.foreignNames(in: source, types: types) == ["Dictation/A.swift:2: Meter (Rhythm/)"])
        let statics = Self.extensionStatics([Source(folder: "Scale", path: "Scale/S.swift", code: Self.code("""
            extension AnswerSubject {
                public static func degree(_ number: Int) -> AnswerSubject { .x }
                static let own = ScaleExercise.y
            }
            extension ScaleExercise {
                static let z = 1
            }
            """))], types: ["Scale": ["ScaleExercise"]])
        #expect(statics == ["Scale": ["AnswerSubject.degree", "AnswerSubject.own"]])
        let dictation = Source(folder: "Dictation", path: "Dictation/D.swift", code: "let a = AnswerSubject.degree(1)\nlet b = AnswerSubject.degrees")
        #expect(Self.foreignStatics(in: dictation, statics: statics) == ["Dictation/D.swift:1: AnswerSubject.degree (Scale/)"])
        #expect(Self.declaredTypes(in: "public struct A {\n    struct B {}\n}\nextension C {}\ntypealias D = A\nfinal class E {}")
                == ["A", "D", "E"])
    }
}

import Foundation
import ProcessTestSupport
import Testing

/// A key on the wire is spelled once, in its message type's `CodingKeys`: the daemon encodes the
/// type and every client decodes it, so no other file writes `"average_response_seconds"` or reads
/// `result["average_response_seconds"]`. The keys of one word (`correct`, `root`) are words other
/// code uses for other things; the keys of several (`error_rate`) are the wire's own.
@Suite("Wire keys spelled only in the message types", .cpuHeavy)
struct WireKeySpellingTests {
    /// Files allowed to spell a key, and why: the snake_case test names the maps keyed by data and
    /// writes keys to test its checker; this suite's own checker test spells one.
    static let allowed: Set = ["Tests/eartrainerdTests/WireKeysTests.swift", "Tests/eartrainerdTests/WireKeySpellingTests.swift"]

    /// Columns of other formats that share a name with a key: `stats.export`'s CSV and JSON columns
    /// and the database's (docs/statistics.md), each a document of its own; the config file's; and `session.start`'s
    /// params, read where a kind reads its options, which name the rhythm's tolerance as its
    /// judgement reports it.
    static let otherFormats: [String: Set<String>] = [
        "Sources/Training/Exercises/Shared/Timing/RhythmTiming.swift": ["tolerance_ms"],
        "Sources/Training/Exercises/Dictation/DictationExercise+Module.swift": ["tolerance_ms"],
        "Tests/TrainingTests/DictationRhythmTests.swift": ["tolerance_ms"],
        "Tests/TrainingTests/RhythmSessionTests.swift": ["tolerance_ms"],
        "Tests/DaemonAppTests/ClappedRhythmDaemonTests.swift": ["tolerance_ms"],
        "Sources/Statistics/AnswerExport.swift": ["played_midi", "response_seconds"],
        "Tests/StatisticsTests/ExportTests.swift": ["played_midi", "response_seconds"],
        "Tests/DaemonTestSupport/StatisticsDatabase.swift": ["played_midi"],
        // The config file's `[training.listen] tolerance_cents`, named as match's judgement names its own.
        "Sources/ConfigFile/TrainingConfig+TOML.swift": ["tolerance_cents"],
        "Tests/ConfigFileTests/ListenConfigTests.swift": ["tolerance_cents"],
        // A lesson plan file's goal (docs/plans.md), named as the statistics name a threshold.
        "Sources/ConfigFile/LessonPlanFile.swift": ["threshold_cents"],
    ]

    /// Where the message types are tested against their lines on the wire.
    static let messageTests = "Tests/ControlProtocolTests"

    /// The wire's keys of several words: those a string literal must not spell.
    static func wireKeys() throws -> Set<String> {
        Set(try MessageKeys.all().map(\.key).filter { $0.contains("_") })
    }

    /// Each line of `text` that spells one of `keys` as a string literal (`"error_rate"`, in a
    /// subscript, a dictionary or a JSON text, raw or escaped), as `line: key`.
    static func spellings(of keys: Set<String>, in text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap { number, line in
            // `"key"`, or `\"key\"` inside a string of JSON.
            keys.filter { line.contains("\"\($0)\"") || line.contains("\"\($0)\\\"") }.sorted().map { "\(number + 1): \($0)" }
        }
    }

    @Test("the checker finds a key read by name, and leaves other strings alone")
    func checker() {
        let keys: Set = ["average_response_seconds"]
        #expect(Self.spellings(of: keys, in: "let a = 1\nlet b = result[\"average_response_seconds\"]") == ["2: average_response_seconds"])
        #expect(Self.spellings(of: keys, in: #"let c = "{\"average_response_seconds\":1}""#).isEmpty == false)
        #expect(Self.spellings(of: keys, in: "let d = results.averageResponseSeconds // average_response_seconds").isEmpty)
        let kind = "enum CodingKeys: String, CodingKey {\n    case averageResponseSeconds = \"average_response_seconds\"\n}\nlet e = f[\"average_response_seconds\"]"
        #expect(Self.spellings(of: keys, in: MessageKeys.withoutCodingKeys(kind)).count == 1, "a type's CodingKeys spell it; the read after them does not")
    }

    @Test("the message types' keys are found: the results', the figures', the status'")
    func keysFound() throws {
        let keys = try Self.wireKeys()
        for key in ["average_response_seconds", "questions_finished", "best_day_streak", "uptime_seconds", "expires_in_seconds",
                    "in_key", "second_cents", "tolerance_cents", "played_seconds", "units_per_quarter"] {
            #expect(keys.contains(key), "\(key) is not among the message types' keys")
        }
    }

    @Test("no file outside the message types spells a wire key of several words as a string literal")
    func spelledOnce() throws {
        let keys = try Self.wireKeys()
        var found: [String] = []
        for file in try SourceFiles.swift(under: "Sources") + SourceFiles.swift(under: "Tests") {
            guard !file.hasPrefix(MessageKeys.messages + "/"), !file.hasPrefix(Self.messageTests + "/"),
                  !Self.allowed.contains(file) else { continue }
            let text = MessageKeys.withoutCodingKeys(
                try String(contentsOf: ConsoleExample.repository.appendingPathComponent(file), encoding: .utf8))
            found += Self.spellings(of: keys.subtracting(Self.otherFormats[file] ?? []), in: text).map { "\(file):\($0)" }
        }
        #expect(found.isEmpty, "decode the message type instead of spelling its keys: \(found.joined(separator: "; "))")
    }
}

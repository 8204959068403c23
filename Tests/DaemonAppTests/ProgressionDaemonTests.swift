import ControlProtocol
import Daemon
import DaemonTestSupport
import Foundation
import MusicTheory
import Testing

/// The progression kind through the daemon: while a progression is open nothing names its chords
/// (events, status, stdout), a wrong chord included; `status` says the key and how many chords;
/// played back, each chord is counted under its numeral and the whole under its progression.
@Suite("progression through the daemon", .daemon)
struct ProgressionDaemonTests {
    @Test("only the key and the count shown; a wrong chord names nothing; the chords played back are counted per numeral and progression")
    func progressionSession() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        var notifications: [RPCNotification] = []
        _ = try await link.result("subscribe", .object(["topics": .array(Topic.allCases.map { .string($0.rawValue) })]))
        let started = try await link.result("session.start", .object([
            "kind": .string("progression"), "seed": .number(5), "root": .string("D4"), "progressions": .array([.string("I-vi-IV-V")]),
        ]), notifications: &notifications)
        let chords = try #require(daemon.sound.prompts.last?.phrases.dropFirst(5).map(\.notes))
        #expect(chords.count == 4)
        // D major's vi, IV and V, as a wrong answer's report would name them, and their basses.
        let hidden = ["B minor", "G major", "A major", "Bm", "B2", "G2", "A2"]

        // A wrong chord: E minor (ii, not in the progression) where I is expected.
        _ = try await link.result("notes.play", .object(["notes": .array([.array([52, 55, 59].map { .number(Double($0)) })])]),
                            notifications: &notifications)
        #expect(await Polling.wait { daemon.stdout.contains("✗") }, "\(daemon.stdout)")
        let status = try await link.result("status")
        let seen = [try Self.text(started), try Self.text(status), daemon.stdout]
            + (try notifications.filter { $0.params["type"]?.stringValue != "note_judged" }.map { try Self.text($0.params) })
        for text in seen {
            for name in hidden { #expect(!text.contains(name), "\(name) named while open: \(text)") }
        }
        let wrong = try #require(notifications.first { $0.params["type"]?.stringValue == "note_judged" })
        #expect(wrong.params["details"]?["expected"] == nil && wrong.params["details"]?["subject"] == nil, "\(wrong.params)")
        #expect(try Wire.decode(NoteJudgedDetails.self, from: wrong.params["details"]).heardAs == "E minor", "what was played, and only that")
        let prompt = try #require(notifications.first { $0.params["type"]?.stringValue == "prompt" })
        #expect(prompt.params["details"]?["sounds"] == nil)
        #expect(try Wire.decode(PromptDetails.self, from: prompt.params["details"]).answerCount == 4)
        #expect(prompt.params["details"]?["question"]?["key"]?.stringValue == "D major")
        #expect(prompt.params["details"]?["question"]?["chords"]?.numberValue == 4)
        let session = try Wire.decode(StatusResult.self, from: status).session
        #expect(session?.progress == 0 && session?.total == 4, "\(String(describing: session))")

        notifications = []
        _ = try await link.result("notes.play", .object(["notes": .array(chords.map { chord in .array(chord.map { .number(Double($0.rawValue)) }) })]),
                            notifications: &notifications)
        let judged = notifications.filter { $0.params["type"]?.stringValue == "note_judged" }
        #expect(judged.count == 4 && judged.allSatisfy { $0.params["details"]?["correct"] == .bool(true) }, "\(judged)")
        #expect(judged.map { $0.params["details"]?["subject"]?.stringValue } == ["I", "vi", "IV", "V"])
        #expect(judged.last?.params["text"]?.stringValue?.contains("4/4") == true, "\(String(describing: judged.last))")
        let results = try await link.result("session.stop")
        #expect(results["correct"]?.numberValue == 4 && results["errors"]?.numberValue == 1, "\(results)")
        guard case .array(let rows)? = results["breakdown"] else { Issue.record("no breakdown: \(results)"); return }
        let categories = rows.compactMap { $0["category"]?.stringValue }
        #expect(Set(categories) == ["numeral", "progression"], "\(rows)")
        #expect(rows.contains { $0["subject"]?.stringValue == "I-vi-IV-V" && $0["correct"]?.numberValue == 1 && $0["errors"]?.numberValue == 1 }, "\(rows)")
    }

    private static func text(_ value: JSONValue) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }
}

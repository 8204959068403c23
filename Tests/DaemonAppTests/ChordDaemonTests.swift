import ControlProtocol
import Daemon
import DaemonTestSupport
import Foundation
import MusicTheory
import Testing

/// The chord kind through the daemon: nothing names the chord while it is open; a wrong answer
/// says what was played; the right one names the chord; results count it per quality.
@Suite("chord through the daemon", .daemon)
struct ChordDaemonTests {
    @Test("heard, not named; a wrong answer heard as what it is; the right one counted under its quality")
    func chordSession() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        var notifications: [RPCNotification] = []
        _ = try await link.result("subscribe", .object(["topics": .array(Topic.allCases.map { .string($0.rawValue) })]))
        _ = try await link.result("session.start", .object(["kind": .string("chord"), "seed": .number(2),
                                                       "qualities": .array([.string("minor")])]), notifications: &notifications)
        let voicing = try #require(daemon.sound.prompts.last?.phrases.last?.notes)
        #expect(voicing.count == 3)
        let prompt = try #require(notifications.last { $0.params["type"]?.stringValue == "prompt" })
        #expect(prompt.params["details"]?["sounds"] == nil, "the notes sounded are not listed")
        let promptText = prompt.params["text"]?.stringValue ?? ""
        #expect(!promptText.contains("minor"), "\(promptText)")

        // A major chord on the same root: wrong, and said so.
        let root = voicing[0].rawValue
        notifications = []
        _ = try await link.result("notes.play", .object(["notes": .array([.array([root, root + 4, root + 7].map { .number(Double($0)) })])]),
                            notifications: &notifications)
        let wrong = try #require(notifications.first { $0.params["type"]?.stringValue == "note_judged" })
        #expect(wrong.params["details"]?["correct"] == .bool(false))
        #expect(try Wire.decode(NoteJudgedDetails.self, from: wrong.params["details"]).heardAs?.hasSuffix("major") == true, "\(wrong.params)")
        #expect(wrong.params["details"]?["subject"] == nil, "the asked quality is not named on a wrong try")
        #expect(wrong.params["text"]?.stringValue?.contains("you played") == true)

        notifications = []
        _ = try await link.result("notes.play", .object(["notes": .array([.array(voicing.map { .number(Double($0.rawValue)) })])]),
                            notifications: &notifications)
        let right = try #require(notifications.first { $0.params["type"]?.stringValue == "note_judged" })
        #expect(right.params["details"]?["correct"] == .bool(true))
        #expect(right.params["details"]?["subject"]?.stringValue == "minor")
        let results = try await link.result("session.stop")
        guard case .array(let rows)? = results["breakdown"] else { Issue.record("no breakdown: \(results)"); return }
        #expect(rows.contains { $0["subject"]?.stringValue == "minor" && $0["correct"]?.numberValue == 1 && $0["errors"]?.numberValue == 1 }, "\(rows)")
        // Lifetime figures per item: the quality, named with the kind.
        #expect(await Polling.wait {
            let stats = try? await link.result("stats.get", as: StatsGetResult.self)
            return stats?.figures.byItem["chord minor"]?.answers == 2
        }, "the wrong and the right answer, under chord minor")
    }
}

import ControlProtocol
import Daemon
import DaemonTestSupport
import Foundation
import MusicTheory
import Testing

/// The interval heard: while the question is open nothing names the interval or the note that
/// answers it — only the sound does. The test answers from what was sounded, as a student does.
@Suite("ear-interval through the daemon", .daemon)
struct EarIntervalTests {
    static let names = ["m2", "M2", "m3", "M3", "P4", "A4", "P5", "m6", "M6", "m7", "M7",
                        "minor", "major", "perfect", "augmented", "diminished", "third", "fourth", "fifth", "sixth", "seventh"]

    /// The note the student hears after the root: the second note of the prompt's last phrase.
    static func heard(_ daemon: TestDaemon) throws -> MIDINote {
        let prompt = try #require(daemon.sound.prompts.last)
        let phrase = try #require(prompt.phrases.last)
        #expect(phrase.notes.count == 2, "root then the other note")
        return phrase.notes[1]
    }

    @Test("nothing names the interval while it is open; the right answer names it; results count it", arguments: [false, true])
    func heardNotNamed(harmonic: Bool) async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        var notifications: [RPCNotification] = []
        _ = try await link.result("subscribe", .object(["topics": .array(Topic.allCases.map { .string($0.rawValue) })]))
        let reply = try await link.result("session.start", .object(["kind": .string("ear-interval"), "seed": .number(4),
                                                               "intervals": .array([.string("M3"), .string("P5")]),
                                                               "harmonic": .bool(harmonic)]), notifications: &notifications)
        let answer = try Self.heard(daemon)
        let prompt = try #require(daemon.sound.prompts.last)
        #expect(prompt.phrases.count == 2 && prompt.phrases[0].notes.count == 1, "the root alone first")
        #expect(prompt.phrases.last?.together == harmonic)
        let interval = answer.rawValue - prompt.phrases[0].notes[0].rawValue == 4 ? "M3" : "P5"

        // A wrong try first: still nothing named.
        _ = try await link.result("notes.play", .object(["notes": .array([.number(Double(answer.rawValue + 1))])]), notifications: &notifications)
        let status = try await link.result("status")
        // The exercise's set of intervals (`intervals`, the session's summary) is no answer.
        let open = (try String(decoding: JSONEncoder().encode([reply, status]), as: UTF8.self)
            + (try String(decoding: JSONEncoder().encode(notifications), as: UTF8.self)) + daemon.stdout)
            .replacingOccurrences(of: #""intervals":["M3","P5"]"#, with: "").replacingOccurrences(of: "intervals M3 P5", with: "")
        for name in [interval, interval == "M3" ? "major third" : "perfect fifth"] {
            #expect(!open.contains("\"\(name)\"") && !open.contains(" \(name) ") && !open.contains("(\(name))"), "\(name) named while open")
        }
        #expect(!open.contains(answer.spelled.description), "the answer \(answer.spelled) named while open")

        notifications = []
        _ = try await link.result("notes.play", .object(["notes": .array([.number(Double(answer.rawValue))])]), notifications: &notifications)
        let judged = try #require(notifications.first { $0.params["type"]?.stringValue == "note_judged" })
        #expect(judged.params["details"]?["correct"] == .bool(true))
        #expect(judged.params["details"]?["subject"]?.stringValue == interval, "named once answered")
        #expect(judged.params["text"]?.stringValue?.contains("(\(interval))") == true, "\(judged.params)")
        let results = try await link.result("session.stop")
        guard case .array(let rows)? = results["breakdown"] else { Issue.record("no breakdown: \(results)"); return }
        #expect(rows.contains { $0["subject"]?.stringValue == interval && $0["correct"]?.numberValue == 1 }, "\(rows)")
    }
}

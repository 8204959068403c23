import ControlProtocol
import Daemon
import DaemonTestSupport
import Foundation
import MusicTheory
import Testing

/// The dictation kind through the daemon: while a melody is open nothing names its notes after
/// the first (events, status, stdout), a wrong note included; played back, it is counted per
/// degree and named once done.
@Suite("dictation through the daemon", .daemon)
struct DictationDaemonTests {
    @Test("only the first note shown; a wrong note names nothing; the melody played back is counted")
    func dictationSession() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        var notifications: [RPCNotification] = []
        _ = try await link.result("subscribe", .object(["topics": .array(Topic.allCases.map { .string($0.rawValue) })]))
        let started = try await link.result("session.start", .object([
            "kind": .string("dictation"), "seed": .number(5), "root": .string("G"), "length": .number(5),
        ]), notifications: &notifications)
        let melody = try #require(daemon.sound.prompts.last?.phrases.last?.notes)
        #expect(melody.count == 5)
        let hidden = Set(melody.dropFirst().filter { $0 != melody[0] }.map(\.spelled.description))

        // The first note right, then a wrong one: the attempt starts again.
        let wrong = melody[1].rawValue + (melody.contains(MIDINote(melody[1].rawValue + 1)) ? -1 : 1)
        _ = try await link.result("notes.play", .object(["notes": .array([melody[0].rawValue, wrong].map { .number(Double($0)) })]),
                            notifications: &notifications)
        #expect(await Polling.wait { daemon.stdout.contains("✗") }, "\(daemon.stdout)")
        let seen = [try Self.text(started), try Self.text(try await link.result("status")), daemon.stdout]
            + (try notifications.map { try Self.text($0.params) })
        for text in seen {
            for note in hidden { #expect(!text.contains(note), "\(note) of the melody named while open: \(text)") }
        }
        let prompt = try #require(notifications.first { $0.params["type"]?.stringValue == "prompt" })
        #expect(prompt.params["details"]?["sounds"] == nil)
        #expect(try Wire.decode(PromptDetails.self, from: prompt.params["details"]).answerCount == 5, "views count the melody's notes")
        let afterWrong = try Wire.decode(StatusResult.self, from: try await link.result("status")).session
        #expect(afterWrong?.progress == 0 && afterWrong?.total == 5, "the attempt starts again: \(String(describing: afterWrong))")
        #expect(afterWrong?.staff?.notes.allSatisfy { $0.role != "answer" } == true, "nothing of the attempt left drawn")
        #expect(prompt.params["details"]?["question"]?["first"]?.stringValue == melody[0].spelled.description)

        notifications = []
        _ = try await link.result("notes.play", .object(["notes": .array(melody.map { .number(Double($0.rawValue)) })]), notifications: &notifications)
        let judged = notifications.filter { $0.params["type"]?.stringValue == "note_judged" }
        #expect(judged.count == 5 && judged.allSatisfy { $0.params["details"]?["correct"] == .bool(true) }, "\(judged)")
        #expect(judged.last?.params["text"]?.stringValue?.contains("5/5") == true, "\(String(describing: judged.last))")
        let results = try await link.result("session.stop")
        // The first note, right in both attempts, is counted right once: five notes right, one wrong.
        #expect(results["correct"]?.numberValue == 5 && results["errors"]?.numberValue == 1, "\(results)")
        guard case .array(let rows)? = results["breakdown"] else { Issue.record("no breakdown: \(results)"); return }
        #expect(rows.allSatisfy { $0["category"]?.stringValue == "degree" })
    }

    private static func text(_ value: JSONValue) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }
}

import ControlProtocol
import Daemon
import DaemonTestSupport
import Foundation
import MusicTheory
import Testing

/// `compare` and `pure` through the daemon: while a question is open nothing shows the offset,
/// its direction or which version is pure (the session reply, `status`, every event, stdout);
/// the sound carries it; the answer's `note_judged` gives it, and the results the threshold.
@Suite("intonation through the daemon", .daemon)
struct IntonationDaemonTests {
    private static func text(_ value: JSONValue) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    @Test("compare: the second note moved by the offset; nothing open names it; the reference judges nothing; the answer gives cents and outcome")
    func compare() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        var notifications: [RPCNotification] = []
        _ = try await link.result("subscribe", .object(["topics": .array(Topic.allCases.map { .string($0.rawValue) })]))
        let started = try await link.result("session.start", .object([
            "kind": .string("compare"), "seed": .number(5), "root": .string("C4"), "start": .number(37),
        ]), notifications: &notifications)
        let phrases = try #require(daemon.sound.prompts.last?.phrases)
        #expect(phrases.map(\.notes) == [[MIDINote(60)], [MIDINote(60)]])
        let moved = try #require(phrases.last?.cents.first)
        #expect(abs(moved) == 37 && phrases.first?.cents.isEmpty == true, "the second note 37 c off: \(phrases)")

        _ = try await link.result("notes.play", .object(["notes": .array([.string("C4")])]), notifications: &notifications)
        let seen = [try Self.text(started), try Self.text(try await link.result("status")), daemon.stdout]
            + (try notifications.map { try Self.text($0.params) })
        for text in seen {
            for secret in [":37", "37.0", "-37", "\"cents\"", "outcome", "sharp", "flat"] {
                #expect(!text.contains(secret), "\(secret) while open: \(text)")
            }
        }
        #expect(!notifications.contains { $0.params["type"]?.stringValue == "note_judged" }, "the reference judges nothing")
        let prompt = try #require(notifications.first { $0.params["type"]?.stringValue == "prompt" })
        #expect(prompt.params["details"]?["question"]?["root"]?.stringValue == "C4")

        notifications = []
        _ = try await link.result("notes.play", .object(["notes": .array([.string("E4")])]), notifications: &notifications)
        let judged = try #require(notifications.first { $0.params["type"]?.stringValue == "note_judged" }?.params["details"])
        #expect(judged["cents"]?.numberValue == 37 && judged["outcome"]?.stringValue == (moved > 0 ? "higher" : "lower"), "\(judged)")
        #expect(judged["correct"] == .bool(moved > 0))
        let results = try await link.result("session.stop")
        guard case .array(let thresholds)? = results["thresholds"] else { Issue.record("no thresholds: \(results)"); return }
        #expect(thresholds.count == 1 && thresholds[0]["subject"]?.stringValue == "octave 4" && thresholds[0]["trials"]?.numberValue == 1)
    }

    @Test("pure: the two versions in their own tunings, in the drawn order; nothing open says which is pure")
    func pure() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        var notifications: [RPCNotification] = []
        _ = try await link.result("subscribe", .object(["topics": .array(Topic.allCases.map { .string($0.rawValue) })]))
        let started = try await link.result("session.start", .object(["kind": .string("pure"), "seed": .number(3), "level": .number(1)]),
                                      notifications: &notifications)
        let phrases = try #require(daemon.sound.prompts.last?.phrases)
        #expect(phrases.count == 2 && phrases.allSatisfy(\.together) && phrases[0].notes == phrases[1].notes)
        let tunings = phrases.map(\.tuning)
        #expect(Set(tunings) == [.justIntonation, .equalTemperament], "\(tunings)")
        let seen = [try Self.text(started), try Self.text(try await link.result("status")), daemon.stdout]
            + (try notifications.map { try Self.text($0.params) })
        for text in seen {
            for secret in ["was pure", "outcome", "\"cents\"", "\"tuning\":\"just\""] {
                #expect(!text.contains(secret), "\(secret) while open: \(text)")
            }
        }
        let root = phrases[0].notes[0]
        _ = try await link.result("notes.play", .object(["notes": .array([.number(Double(root.rawValue + 1))])]), notifications: &notifications)
        let judged = try #require(notifications.last { $0.params["type"]?.stringValue == "note_judged" }?.params["details"])
        let pureSecond = tunings[1] == .justIntonation
        #expect(judged["correct"] == .bool(pureSecond) && judged["outcome"]?.stringValue == (pureSecond ? "the second was pure" : "the first was pure"))
        #expect((13.6...15.7).contains(judged["cents"]?.numberValue ?? 0), "\(judged)")
    }
}

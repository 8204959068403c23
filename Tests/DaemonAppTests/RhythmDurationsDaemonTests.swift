import ControlClient
import ControlProtocol
import Daemon
import DaemonTestSupport
import Foundation
import MusicTheory
import Testing
import Training

/// `rhythm --durations` through the daemon: the keys come from `notes.play` with onsets and
/// lengths (`C3@0.75+0.6`), their note-offs read as a keyboard's; each note's length is judged
/// against its written one.
@Suite("rhythm durations through the daemon", .daemon)
struct RhythmDurationsDaemonTests {
    /// The pattern's notes as the prompt sounds them: each onset from the first, and its written
    /// length (the daemon detaches each note by a quarter of it, at most 60 ms).
    static func heard(_ daemon: TestDaemon) throws -> [(onset: Double, written: Double)] {
        let phrase = try #require(daemon.sound.prompts.last?.phrases.last)
        let pattern = zip(phrase.notes, phrase.timing).filter { $0.0.rawValue == 48 }.map(\.1)
        let first = try #require(pattern.first?.start)
        return pattern.map { ($0.start - first, $0.length < 0.18 ? $0.length * 4 / 3 : $0.length + 0.06) }
    }

    static func play(_ notes: [(onset: Double, held: Double)], on link: ControlConnection) async throws -> [RPCNotification] {
        var notifications: [RPCNotification] = []
        let names = notes.map { JSONValue.string("C3@" + String(format: "%.3f", $0.onset) + "+" + String(format: "%.3f", $0.held)) }
        _ = try await link.result("notes.play", .object(["notes": .array(names)]), notifications: &notifications)
        return notifications.filter { $0.params["type"]?.stringValue == "note_judged" }
    }

    @Test("each note held about as written is right; the longest released at half its length is short, that note named, with held and written lengths in the event")
    func durations() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        _ = try await link.result("subscribe", .object(["topics": .array([.string("answer")])]))
        _ = try await link.result("session.start", .object([
            "kind": .string("rhythm"), "root": .string("C3"), "durations": .bool(true), "seed": .number(2), "tempo": .number(120),
        ]))
        let status = try Wire.decode(StatusResult.self, from: try await link.result("status")).session
        #expect(status?.fields["durations"] == .bool(true))
        let first = try Self.heard(daemon)
        let right = try await Self.play(first.map { ($0.onset, $0.written * 0.9) }, on: link)
        #expect(right.count == 1 && right.first?.params["details"]?["correct"] == .bool(true), "\(right)")
        #expect(right.first?.params["text"]?.stringValue?.contains("on time ✓") == true)

        let second = try Self.heard(daemon)
        let longest = try #require(second.indices.max { second[$0].written < second[$1].written })
        let played = second.enumerated().map { index, note in (note.onset, index == longest ? note.written / 2 : note.written * 0.9) }
        let judged = try await #require(try Self.play(played, on: link).first)
        let text = try #require(judged.params["text"]?.stringValue)
        let ordinal = ["1st", "2nd", "3rd", "4th", "5th", "6th"][longest]
        #expect(judged.params["details"]?["correct"] == .bool(false))
        #expect(text.contains("\(ordinal) short \(Int((second[longest].written / 2 * 1000).rounded())) ms ✗") && !text.contains(","), "\(text)")
        guard let onsets = judged.params["details"]?.decoded(as: RhythmJudgement.self)?.onsets else { Issue.record("no onsets: \(judged)"); return }
        #expect(onsets[longest].length == "short" && onsets[longest].writtenSeconds == second[longest].written)
        #expect(onsets.enumerated().allSatisfy { $0.offset == longest || $0.element.length == "right" })

        // Onsets only, as before: the same short note is right.
        _ = try await link.result("session.start", .object(["kind": .string("rhythm"), "root": .string("C3"), "seed": .number(2), "tempo": .number(120)]))
        let plain = try Self.heard(daemon)
        let heldShort = try await Self.play(plain.map { ($0.onset, $0.written / 4) }, on: link)
        #expect(heldShort.first?.params["details"]?["correct"] == .bool(true), "\(heldShort)")
    }
}

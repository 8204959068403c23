import ControlProtocol
import Daemon
import DaemonTestSupport
import Foundation
import MusicTheory
import Testing

/// The degree kind through the daemon: while a question is open nothing names its degree or its
/// note (events, status, stdout); a wrong key is named as the degree it is; the right one names
/// the degree and sounds its way to the tonic; results count it per degree.
@Suite("degree through the daemon", .daemon)
struct DegreeDaemonTests {
    @Test("heard, not named; answered in any octave; resolved; counted per degree")
    func degreeSession() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        var notifications: [RPCNotification] = []
        _ = try await link.result("subscribe", .object(["topics": .array(Topic.allCases.map { .string($0.rawValue) })]))
        let started = try await link.result("session.start", .object([
            "kind": .string("degree"), "seed": .number(3), "root": .string("D"),
            "degrees": .array([3, 5, 6].map { .number(Double($0)) }), "adaptive": .bool(false),
        ]), notifications: &notifications)
        let phrases = try #require(daemon.sound.prompts.last?.phrases)
        #expect(phrases.count == 5, "the cadence's four chords, then the note")
        let note = try #require(phrases.last?.notes.first)
        // The tonic's pitch class is the first chord's bass (an octave under the tonic, or the
        // tonic itself when that would be under G2).
        let tonic = try #require(phrases.first?.notes.first).rawValue
        let degree = [4: 3, 7: 5, 9: 6][((note.rawValue - tonic) % 12 + 12) % 12]
        let asked = try #require(degree, "a degree of the set: \(note.rawValue - tonic) semitones")

        // A wrong key a semitone off: nothing so far may name the degree or the note.
        let wrongKey = note.rawValue + 1
        _ = try await link.result("notes.play", .object(["notes": .array([.number(Double(wrongKey))])]), notifications: &notifications)
        let status = try await link.result("status")
        #expect(await Polling.wait { daemon.stdout.contains("✗") }, "\(daemon.stdout)")
        let seen = [try Self.text(started), try Self.text(status), daemon.stdout] + (try notifications.map { try Self.text($0.params) })
        for text in seen {
            #expect(!text.contains("degree \(asked)"), "the degree named while open: \(text)")
            #expect(!text.contains(note.spelled.description), "the note named while open: \(text)")
        }
        let prompt = try #require(notifications.first { $0.params["type"]?.stringValue == "prompt" })
        #expect(prompt.params["details"]?["sounds"] == nil)
        #expect(prompt.params["details"]?["question"]?["key"]?.stringValue == "D major")

        notifications = []
        _ = try await link.result("notes.play", .object(["notes": .array([.number(Double(note.rawValue - 12))])]), notifications: &notifications)
        let right = try #require(notifications.first { $0.params["type"]?.stringValue == "note_judged" })
        #expect(right.params["details"]?["correct"] == .bool(true), "any octave of the degree")
        #expect(right.params["text"]?.stringValue?.contains("(degree \(asked))") == true, "\(right.params)")
        let phrasesAfter = daemon.sound.prompts.dropFirst().flatMap(\.phrases)
        let resolution = try #require(phrasesAfter.first { $0.notes.count > 1 }?.notes, "\(phrasesAfter)")
        #expect(resolution.first == note && (resolution.last!.rawValue - tonic) % 12 == 0 && resolution.last!.rawValue > tonic, "\(resolution): to the tonic")

        // Skipped, the next question's answer comes with the degree it was.
        notifications = []
        _ = try await link.result("session.skip", notifications: &notifications)
        let revealed = try #require(notifications.first { $0.params["type"]?.stringValue == "answer_revealed" })
        #expect(revealed.params["text"]?.stringValue?.firstMatch(of: /answer: [A-G][#b]?\d  \(degree [356], skipped\)/) != nil, "\(revealed.params)")

        let results = try await link.result("session.stop")
        guard case .array(let rows)? = results["breakdown"] else { Issue.record("no breakdown: \(results)"); return }
        #expect(rows.contains { $0["subject"]?.stringValue == "degree \(asked)" && $0["correct"]?.numberValue == 1 && $0["errors"]?.numberValue == 1 }, "\(rows)")
    }

    private static func text(_ value: JSONValue) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    @Test("eartrainctl repeat --cadence and --notes: the cadence alone, the note alone; a scale has no cadence to give")
    func repeatParts() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        #expect(try await daemon.ctl("start", "degree", "--root", "D", "--seed", "3").status == 0)
        let asked = try #require(daemon.sound.prompts.last?.phrases.map { $0.notes })
        let cadence = try await daemon.ctl("repeat", "--cadence")
        #expect(cadence.status == 0 && cadence.stdout == "repeated: the cadence\n", "\(cadence)")
        #expect(daemon.sound.prompts.last?.phrases.map { $0.notes } == Array(asked.prefix(4)))
        let notes = try await daemon.ctl("repeat", "--notes")
        #expect(notes.stdout == "repeated: the notes\n" && daemon.sound.prompts.last?.phrases.map { $0.notes } == [asked[4]], "\(notes)")
        let both = try await daemon.ctl("repeat", "--cadence", "--notes")
        #expect(both.status == 64 && both.stderr.contains("--cadence or --notes, not both"), "\(both)")
        #expect(try await daemon.ctl("start", "scale", "dorian", "D").status == 0)
        let none = try await daemon.ctl("repeat", "--cadence")
        #expect(none.status == 1 && none.stderr.contains("this question sets no key"), "\(none)")
        let link = try await daemon.connect()
        _ = try await link.result("session.repeat", .object(["part": .string("notes")]))
        let bad = try await link.call("session.repeat", params: .object(["part": .string("bass")]))
        #expect(bad.error?.message == "invalid params: part: 'bass' is not one of 'all', 'cadence', 'notes'", "\(bad)")
        _ = await daemon.stop()
    }
}

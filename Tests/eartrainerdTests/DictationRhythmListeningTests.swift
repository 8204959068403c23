import DaemonTestSupport
import Foundation
import MusicTheory
import SoundAnalysis
import Testing

/// `dictation --rhythm` answered by listening: the test finds the count-in, then each note of the
/// melody (its pitch and its onset) in the daemon's WAV (sine source), and plays it back with
/// `eartrainctl play G3@0 A3@0.6 …`, never reading the melody or its rhythm from the daemon.
@Suite("Dictation with its rhythm by ear", .realTime)
struct DictationRhythmListeningTests {
    /// The melody heard after the last count-in after `after` seconds of the WAV: each note's key
    /// and onset (seconds from the first); nil until the count-in and `length` notes after it
    /// have sounded and ended. The count-in is a bar of short clicks on one key (two octaves above
    /// the tonic, above the melody); the test's own keys sound too, but never as such a bar.
    static func heardMelody(_ wav: String, length: Int, clicks: Int, after: Double) throws -> (notes: [(key: MIDINote, onset: Double)], end: Double)? {
        let listener = try WAVListener(path: wav)
        let sounds = listener.sounds(after: after, gap: 0.03)
        let keyed = sounds.map { ($0, listener.keys(in: $0)) }
        func isClick(_ index: Int) -> Bool { keyed[index].1.count == 1 && keyed[index].0.end - keyed[index].0.start < 0.15 }
        guard let lastClick = keyed.indices.last(where: { index in
            index + 1 >= clicks && (index + 1 - clicks...index).allSatisfy { isClick($0) && keyed[$0].1 == keyed[index].1 }
        }) else { return nil }
        let melody = keyed[(lastClick + 1)...].prefix(length)
        let heardEnd = Double(listener.samples.count) / Double(listener.rate)
        guard melody.count == length, let last = melody.last, heardEnd - last.0.end > 0.3,
              melody.allSatisfy({ $0.1.count == 1 }) else { return nil }
        let first = melody.first!.0.start
        return (melody.map { ($0.1[0], $0.0.start - first) }, last.0.end)
    }

    static func play(_ notes: [(key: MIDINote, onset: Double)], socket: String) async throws -> String {
        try await Eartrainctl.run(["play"] + notes.map { $0.key.spelled.description + "@" + String(format: "%.3f", $0.onset) }, socket: socket).stdout
    }

    @Test("a melody's pitches and onsets heard in the WAV and played back in time are right; the same with one onset 150 ms late is late on that onset only")
    func melodyInTimeByEar() async throws {
        let folder = try EarListeningTests.folder("dictation-rhythm")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (daemon, wav) = try await EarListeningTests.daemon(folder)
        let started = try await Eartrainctl.run(["start", "dictation", "--rhythm", "--root", "C", "--length", "4", "--tempo", "100", "--level", "2", "--seed", "3"],
                                          socket: daemon.socketPath)
        #expect(started.status == 0, "\(started)")
        let status = try await Eartrainctl.run(["status", "--json"], socket: daemon.socketPath).stdout
        #expect(status.contains("\"tempo\":100") && status.contains("\"meter\":\"4/4\"") && status.contains("\"bars\":"), "\(status)")

        var first: (notes: [(key: MIDINote, onset: Double)], end: Double)?
        await Polling.wait(seconds: 30) { first = try? Self.heardMelody(wav, length: 4, clicks: 4, after: 0); return first != nil }
        let heard = try #require(first, "a count-in and four notes heard")
        for note in heard.notes.dropFirst() {
            #expect(!status.contains("\"\(note.key.spelled.description)\""), "\(note.key) of the melody named while open: \(status)")
        }
        let right = try await Self.play(heard.notes, socket: daemon.socketPath)
        #expect(right.contains("4/4") && right.contains("rhythm on time ✓"), "\(heard.notes): \(right)")

        // The next melody (the same key, no cadence), after the echo and a breath: every pitch
        // right, its second onset 150 ms late.
        var second: (notes: [(key: MIDINote, onset: Double)], end: Double)?
        await Polling.wait(seconds: 30) { second = try? Self.heardMelody(wav, length: 4, clicks: 4, after: heard.end + 0.3); return second != nil }
        let next = try #require(second, "the next melody heard")
        var late = next.notes
        late[1].onset += 0.15
        let judged = try await Self.play(late, socket: daemon.socketPath)
        #expect(judged.split(separator: "\n").filter { $0.contains("✓") }.count == 4, "every pitch right: \(judged)")
        try RhythmListeningTests.expectSecondLateOnly(judged, words: "rhythm ")
        // Then as heard: right at the second try.
        await #expect(try Self.play(next.notes, socket: daemon.socketPath).contains("rhythm on time ✓"))
        // Four degrees and the rhythm, then the next melody's four degrees and a late rhythm, then
        // its rhythm on time: each note is counted right once however many attempts play it,
        // 5 + 4 + 1 (and one error).
        try await RhythmListeningTests.expectCounted(socket: daemon.socketPath, results: "results: 10 correct, 1 error", subject: "4/4 eighths",
                                               kind: "dictation")
    }
}

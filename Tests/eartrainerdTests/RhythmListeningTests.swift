import DaemonTestSupport
import Foundation
import MusicTheory
import SoundAnalysis
import Testing

/// A rhythm answered by listening: the test finds the count-in and the pattern's onsets in the
/// daemon's WAV (sine source) and plays the pattern back with `eartrainctl play C3@…`, never
/// reading the pattern from the daemon.
@Suite("Rhythm by ear", .realTime)
struct RhythmListeningTests {
    /// The last count-in heard after `after` seconds of the WAV (clicks an octave above `pitch`)
    /// and the onsets on `pitch` after it, in seconds from the first; where the last sound ends.
    /// The keys the test itself played sound too, on the pitch but before the clicks.
    static func heardRhythm(_ wav: String, pitch: MIDINote, after: Double) throws -> (onsets: [Double], end: Double, clicks: Int) {
        let listener = try WAVListener(path: wav)
        let sounds = listener.sounds(after: after, gap: 0.03)
        let keyed = sounds.map { ($0, listener.keys(in: $0)) }
        let click = [MIDINote(pitch.rawValue + 12)]
        guard let lastClick = keyed.lastIndex(where: { $0.1 == click }) else { return ([], sounds.last?.end ?? after, 0) }
        let firstClick = keyed[...lastClick].reversed().prefix { $0.1 == click }.count
        let pattern = keyed[(lastClick + 1)...].filter { $0.1 == [pitch] }.map(\.0.start)
        return (pattern.map { $0 - (pattern.first ?? 0) }, sounds.last?.end ?? after, firstClick)
    }

    static func play(_ onsets: [Double], socket: String) async throws -> String {
        let notes = onsets.map { "C3@" + String(format: "%.3f", $0) }
        return try await Eartrainctl.run(["play"] + notes, socket: socket).stdout
    }

    /// `output`'s line judging a play-back wrong says its 2nd onset was late (`words` before it),
    /// and nothing else.
    static func expectSecondLateOnly(_ output: String, words: String = "") throws {
        let line = try #require(output.split(separator: "\n").first { $0.contains("✗") }, "\(output)")
        #expect(line.contains(words + "2nd late 1") && !line.contains(","), "late on that onset only: \(line)")
        #expect(line.contains("ms ✗"))
    }

    /// Stops the session: its results say `results`, they and the lifetime statistics count the
    /// play-backs under `subject` (the rhythm category) and the lifetime figures name `kind`.
    static func expectCounted(socket: String, results: String, subject: String, kind: String) async throws {
        let stopped = try await Eartrainctl.run(["stop"], socket: socket)
        #expect(stopped.stdout.contains(results), "\(stopped.stdout)")
        let json = try await Eartrainctl.run(["results", "--json"], socket: socket)
        #expect(json.stdout.contains("\"category\":\"rhythm\"") && json.stdout.contains(subject), "\(json.stdout)")
        let lifetime = try await Eartrainctl.run(["stats"], socket: socket)
        #expect(lifetime.stdout.contains(kind) && lifetime.stdout.contains(subject), "lifetime statistics count them: \(lifetime.stdout)")
    }

    @Test("each rhythm's onsets are found in the WAV and played back with times: on time is right, one onset 150 ms late is late on that onset only")
    func rhythmByEar() async throws {
        let folder = try EarListeningTests.folder("rhythm")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (daemon, wav) = try await EarListeningTests.daemon(folder)
        let c3 = MIDINote(48)
        let started = try await Eartrainctl.run(["start", "rhythm", "--root", "C3", "--level", "2", "--tempo", "100", "--seed", "3"],
                                          socket: daemon.socketPath)
        #expect(started.status == 0, "\(started)")
        // A bar of clicks and a bar of pattern at 100 BPM: 4.8 s.
        try await Task.sleep(for: .seconds(5.4))
        let first = try Self.heardRhythm(wav, pitch: c3, after: 0)
        #expect(first.clicks == 4, "a bar of clicks an octave above")
        try #require(first.onsets.count >= 3, "\(first)")
        let right = try await Self.play(first.onsets, socket: daemon.socketPath)
        #expect(right.contains("on time ✓"), "\(first.onsets): \(right)")

        // The next rhythm, after a breath: played with its second onset 150 ms late.
        try await Task.sleep(for: .seconds(6.8))
        let second = try Self.heardRhythm(wav, pitch: c3, after: first.end + 0.3)
        try #require(second.onsets.count >= 3, "\(second)")
        var late = second.onsets
        late[1] += 0.15
        try await Self.expectSecondLateOnly(try Self.play(late, socket: daemon.socketPath))
        // Then as heard: right at the second try.
        await #expect(try Self.play(second.onsets, socket: daemon.socketPath).contains("on time ✓"))
        try await Self.expectCounted(socket: daemon.socketPath, results: "results: 2 correct, 1 error", subject: "4/4 eighths", kind: "rhythm")
    }
}

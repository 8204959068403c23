import DaemonTestSupport
import Foundation
import MusicTheory
import SoundAnalysis
import Testing

/// Progressions answered by listening: the test hears the tonic chord and the chords in the WAV the
/// `file` driver writes (sine source), finds each chord's keys, and plays them back chord by
/// chord, never reading the answer from the daemon. Every question it hears is scored.
@Suite("Progressions answered by ear", .realTime)
struct ProgressionListeningTests {
    /// The open question's number of chords, from `status --json` (all it says of them).
    static func chordCount(_ daemon: DaemonProcess) async throws -> Int {
        let status = try await Eartrainctl.run(["status", "--json"], socket: daemon.socketPath).stdout
        let count = try #require(status.firstMatch(of: /"chords":(\d)/)?.1, "\(status)")
        return Int(count)!
    }

    /// Waits until `count` sounds or more are heard after `after` seconds and the last of them is
    /// over (the WAV goes on quiet after it): the sounds' keys.
    static func heard(_ wav: String, after: Double, count: Int, seconds: Double = 30) async throws -> [[MIDINote]] {
        var keys: [[MIDINote]] = []
        let done = await Polling.wait(seconds: seconds) {
            guard let listener = try? WAVListener(path: wav) else { return false }
            let sounds = listener.sounds(after: after)
            let length = Double(listener.samples.count) / Double(listener.rate)
            guard sounds.count >= count, let last = sounds.last, length - last.end > 0.6 else { return false }
            keys = sounds.map { listener.keys(in: $0) }
            return true
        }
        try #require(done, "\(count) sounds after \(after) s")
        return keys
    }

    /// Plays `chords` back, each its keys together, and says how many were judged right.
    static func playBack(_ chords: [[MIDINote]], _ daemon: DaemonProcess) async throws -> String {
        let played = try await Eartrainctl.run(["play"] + chords.map { $0.map(\.spelled.description).joined(separator: "+") }, socket: daemon.socketPath)
        #expect(played.status == 0, "\(played)")
        return played.stdout
    }

    @Test("two progressions heard after their tonic chords are played back chord by chord, each chord judged right, the results counted",
          arguments: [[], ["--level", "3", "--bass"]])
    func progressionsByEar(options: [String]) async throws {
        let folder = try EarListeningTests.folder("progression")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (daemon, wav) = try await EarListeningTests.daemon(folder)
        // Level 3 with the bass: sevenths and inversions, each chord's lowest key heard as its bass.
        let started = try await Eartrainctl.run(["start", "progression", "--seed", "4"] + options, socket: daemon.socketPath)
        #expect(started.status == 0, "\(started)")
        var total = 0
        var after = 0.0
        for question in 1...2 {
            let length = try await Self.chordCount(daemon)
            #expect((3...5).contains(length))
            // The tonic chord's four voices one by one, then together, then the progression's
            // chords (four voices each); before the second, the first progression sounds again
            // as its answer.
            let heard = try await Self.heard(wav, after: after, count: 5 + length)
            let chords = Array(heard.suffix(length))
            let tonicChord = Array(heard.dropLast(length).suffix(5))
            #expect(tonicChord.prefix(4).allSatisfy { $0.count == 1 } && tonicChord[4] == tonicChord.prefix(4).flatMap { $0 },
                    "question \(question): the tonic chord \(tonicChord)")
            #expect(chords.allSatisfy { $0.count == 4 }, "question \(question): \(chords)")
            // The bass alone below the upper voices.
            #expect(chords.allSatisfy { $0[1].rawValue - $0[0].rawValue >= 2 }, "\(chords)")
            let now = try WAVListener(path: wav)
            after = Double(now.samples.count) / Double(now.rate)  // what follows the answer is heard from here
            let output = try await Self.playBack(chords, daemon)
            #expect(output.components(separatedBy: "✓").count - 1 == length, "question \(question): \(chords): \(output)")
            #expect(output.contains("\(length)/\(length)") && !output.contains("✗"), "\(output)")
            total += length
        }
        let results = try await Eartrainctl.run(["stop"], socket: daemon.socketPath)
        #expect(results.stdout.contains("results: \(total) correct, 0 errors"), "\(results.stdout)")
    }
}

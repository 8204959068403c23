import DaemonTestSupport
import Foundation
import MusicTheory
import SoundAnalysis
import Testing

@testable import FluidSynthAudio

/// Notes together sound as loud as one note (`PromptTones.chordVelocity`), measured in the `file`
/// driver's WAV on either sound source: a degree's note is as loud as the cadence before it (it
/// was 6 dB under it: four voices at full velocity).
@Suite("A chord is as loud as a note", .realTime)
struct ChordLoudnessListeningTests {
    @Test("the cadence's four chords and the degree after them within 2 dB, K-weighted", arguments: ["cello", "sine"])
    func degreeAsLoudAsCadence(source: String) async throws {
        let folder = try EarListeningTests.folder("loudness")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (daemon, wav) = try await EarListeningTests.daemon(folder, source: source)
        let started = try await Eartrainctl.run(["start", "degree", "--root", "C4", "--seed", "3"], socket: daemon.socketPath)
        #expect(started.status == 0, "\(started)")
        // The cadence (four chords of 1 s, 0.25 s apart), then the note: laid out from the first sound.
        var heard: WAVListener?
        _ = await Polling.wait(seconds: 30) {
            guard let listener = try? WAVListener(path: wav), let first = listener.sounds().first else { return false }
            guard Double(listener.samples.count) / Double(listener.rate) > first.start + 6.5 else { return false }
            heard = listener
            return true
        }
        let listener = try #require(heard, "the cadence and the note in \(wav)")
        let start = try #require(listener.sounds().first).start
        let rate = Double(listener.rate)
        let weighted = LoudnessMeter(sampleRate: rate).weighted(listener.samples)
        /// The K-weighted level of the sound starting `at` seconds after the first, over its middle.
        func level(at offset: Double) -> Double {
            let range = Int((start + offset + 0.1) * rate)..<Int((start + offset + 0.9) * rate)
            return 10 * log10(weighted[range].reduce(0) { $0 + $1 * $1 } / Double(range.count))
        }
        let chords = (0..<4).map { level(at: Double($0) * 1.25) }
        let note = level(at: 5.0)
        let cadence = 10 * log10(chords.map { pow(10, $0 / 10) }.reduce(0, +) / 4)
        print(String(format: "loudness on the %@: cadence chords %@ dB, the degree %.1f dB: %+.2f dB", source,
                     chords.map { String(format: "%.1f", $0) }.joined(separator: " "), note, note - cadence))
        // The cello's samples differ by key and each prompt's notes vary a little (a player's
        // touch): this question measured −1.51 dB on the cello in one run; the defect was 6 dB.
        #expect(abs(note - cadence) <= 2, "\(source): the degree \(note) dB, the cadence \(cadence) dB")
    }
}

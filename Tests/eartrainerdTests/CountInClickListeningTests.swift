import DaemonTestSupport
import Foundation
import MusicTheory
import SoundAnalysis
import Testing

@testable import FluidSynthAudio

/// The rhythm's count-in is a click on either sound source, measured in the `file` driver's WAV:
/// at its beat (at full strength within 20 ms of being heard: the cello's note peaked 70–90 ms
/// late) and
/// 2–3 dB above the pattern's notes, K-weighted as the loudness of the notes is matched (the
/// cello's soft count-in note was 8–9 dB under them).
@Suite("The count-in is a click", .realTime)
struct CountInClickListeningTests {
    /// The K-weighted level of `samples[range]`, in dB (mean square).
    static func level(_ weighted: [Double], _ range: Range<Int>) -> Double {
        10 * log10(weighted[range].reduce(0) { $0 + $1 * $1 } / Double(range.count))
    }

    @Test("four clicks an octave above the pitch, each at its beat and 2-3 dB above the pattern", arguments: ["cello", "sine"])
    func countIn(source: String) async throws {
        let folder = try EarListeningTests.folder("count-in")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (daemon, wav) = try await EarListeningTests.daemon(folder, source: source)
        let started = try await Eartrainctl.run(["start", "rhythm", "--root", "C3", "--level", "1", "--tempo", "90", "--seed", "3"],
                                                socket: daemon.socketPath)
        #expect(started.status == 0, "\(started)")
        // A bar of clicks and a bar of pattern at 90 BPM: 5.3 s, and the last note's release.
        var heard: (listener: WAVListener, sounds: [WAVListener.Sound])?
        _ = await Polling.wait(seconds: 30) {
            guard let listener = try? WAVListener(path: wav) else { return false }
            let sounds = listener.sounds(gap: 0.03)
            let length = Double(listener.samples.count) / Double(listener.rate)
            guard sounds.count >= 5, let last = sounds.last, length - last.end > 1.0, last.end > 4.5 else { return false }
            heard = (listener, sounds)
            return true
        }
        let seen = (try? WAVListener(path: wav)).map { listener in
            "\(Double(listener.samples.count) / Double(listener.rate)) s: \(listener.sounds(gap: 0.03).map { "\($0) \(listener.keys(in: $0))" })"
        } ?? "no WAV"
        let (listener, sounds) = try #require(heard, "the count-in and the pattern in \(wav): \(seen)")
        let keyed = sounds.map { ($0, listener.keys(in: $0)) }
        let clicks = keyed.prefix { $0.1 == [MIDINote(60)] }.map(\.0)
        let pattern = keyed.dropFirst(clicks.count).map(\.0)
        #expect(clicks.count == 4, "\(source): the count-in, C4: \(keyed.map { "\($0.0) \($0.1)" })")
        #expect(!pattern.isEmpty && keyed.dropFirst(clicks.count).allSatisfy { $0.1.contains(MIDINote(48)) },
                "\(source): the pattern, C3: \(keyed.map { "\($0.0) \($0.1)" })")
        let rate = Double(listener.rate)
        let weighted = LoudnessMeter(sampleRate: rate).weighted(listener.samples)
        func frames(_ seconds: Double) -> Int { Int(seconds * rate) }
        // A click over its steady middle (past its 10 ms ramps); the pattern over its 10 ms
        // windows within 10 dB of its loudest (gated as loudness is: the cello's notes ring into
        // each other, the sine's have gaps).
        let clickLevels = clicks.map { Self.level(weighted, frames($0.start + 0.02)..<frames($0.end - 0.02)) }
        let windows = stride(from: frames(pattern.first!.start), to: frames(pattern.last!.end) - frames(0.01), by: frames(0.01))
            .map { Self.level(weighted, $0..<$0 + frames(0.01)) }
        let gate = windows.max()! - 10
        let kept = windows.filter { $0 >= gate }
        let patternLevel = 10 * log10(kept.map { pow(10, $0 / 10) }.reduce(0, +) / Double(kept.count))
        let above = clickLevels.reduce(0, +) / Double(clickLevels.count) - patternLevel
        print(String(format: "count-in on the %@: clicks %@ dB, the pattern %.1f dB (%d of %d windows): %+.2f dB above", source,
                     clickLevels.map { String(format: "%.1f", $0) }.joined(separator: " "), patternLevel, kept.count, windows.count, above))
        #expect((2.0...3.0).contains(above), "\(source): the clicks \(above) dB above the pattern")
        for click in clicks {
            // From where it is heard to where it first comes within 10 % of its loudest sample.
            let span = frames(click.start)..<min(listener.samples.count, frames(click.end))
            let loudest = span.map { abs(listener.samples[$0]) }.max()!
            let full = span.first { abs(listener.samples[$0]) >= 0.9 * loudest }!
            let rise = Double(full - span.lowerBound) / rate
            #expect(rise < 0.02, "\(source): a click is at full strength at once, not \(rise) s after it is heard")
        }
        // The clicks at the tempo: 90 BPM, 0.667 s apart.
        for (before, after) in zip(clicks, clicks.dropFirst()) {
            #expect(abs(after.start - before.start - 60.0 / 90) < 0.012, "\(source): \(clicks)")
        }
    }
}

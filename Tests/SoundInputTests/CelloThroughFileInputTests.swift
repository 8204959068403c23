import FluidSynthAudio
import Foundation
import Logging
import MusicTheory
import PitchTracking
import ProcessTestSupport
import SoundInput
import SystemCalls
import Testing
import Training

/// The listening input end to end on a real instrument: a C major scale in just intonation played
/// by the daemon's own renderer on FluidR3's cello (recorded samples, tuned by pitch bend),
/// written to a WAV as `eartrainerd render` writes one, read back through the `file` driver's
/// reader and heard by the pitch tracker: eight notes, each at its pitch. This checks the chain
/// (no note lost, split or heard a semitone off); the tracker's accuracy to the cent is
/// `make bench-listen`'s (docs/listening.md). On these 0.8 s notes it read up to 3.5 c under the
/// estimator's reading of each note's middle (median 0.9 c).
@Suite("A cello scale heard through the file input", .cpuHeavy)
struct CelloThroughFileInputTests {
    /// C3 and its major scale's just ratios.
    static let tonic = Frequency(MIDINote(48)).hertz
    static let ratios: [Double] = [1, 1.125, 1.25, 4.0 / 3, 1.5, 5.0 / 3, 1.875, 2]

    @Test("eight notes heard, in order, each within 5 c of what sounds, which is within 3 c of just; the onsets a note and a gap apart")
    func justScale() throws {
        let folder = NSTemporaryDirectory() + "cello-input-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/scale.wav"
        var random = SeededRandom(seed: 1)
        let report = try OfflineRender.render(Self.ratios.map { Frequency(hertz: Self.tonic * $0) }, asInterval: false,
                                              style: PromptStyle(noteDuration: 0.8, gap: 0.2), configuration: AudioConfiguration(),
                                              to: path, logger: Logger(label: "test"), random: &random)
        try #require(report.celloProblem == nil, "the cello: \(String(describing: report.celloProblem))")

        var tracker: PitchTracker?
        var notes: [TrackedNote] = []
        var failure: String?
        try WAVStreamReader(path: path, pace: NoPace()).run { event in
            switch event {
            case .started(let format):
                tracker = try? PitchTracker(sampleRate: Double(format.sampleRate))
            case .samples(let block):
                notes += tracker?.process(block).compactMap(Self.ended) ?? []
            case .captureDelay, .overrun:
                break
            case .ended(let reason):
                if reason != "the stream ended" { failure = reason }
                notes += tracker?.finish().compactMap(Self.ended) ?? []
            }
        }
        #expect(failure == nil, "\(failure ?? "")")
        #expect(notes.count == 8, "\(notes)")
        // Each note's pitch measured in the file, apart from the tracker (the estimator the
        // renderer's own tests use, over the middle of the note): how far the tracker is from
        // what sounds, and how far that is from just.
        let (samples, rate) = try WAVFile.readLeft(path: path)
        let sounded = try zip(notes, Self.ratios).map { note, ratio in
            let middle = Array(samples[Int((note.onset + 0.25) * Double(rate))..<Int((note.onset + 0.65) * Double(rate))])
            return try #require(PitchEstimator().estimate(middle, sampleRate: Double(rate), expected: Self.tonic * ratio)).hertz
        }
        let fromSounded = zip(notes, sounded).map { 1200 * log2($0.frequency / $1) }
        let soundedFromJust = zip(sounded, Self.ratios).map { 1200 * log2($0 / (Self.tonic * $1)) }
        let words = { (cents: [Double]) in cents.map { String(format: "%+.2f", $0) }.joined(separator: " ") }
        print("cello scale: the tracker from what sounds \(words(fromSounded)) c; what sounds from just \(words(soundedFromJust)) c")
        #expect(fromSounded.allSatisfy { abs($0) < 5 }, "the tracker from what sounds: \(words(fromSounded))")
        #expect(soundedFromJust.allSatisfy { abs($0) < 3 }, "the cello from just: \(words(soundedFromJust))")
        let gaps = zip(notes.dropFirst(), notes).map { $0.onset - $1.onset }
        #expect(gaps.allSatisfy { abs($0 - 1.0) < 0.05 }, "onsets one second apart: \(gaps)")
    }

    static func ended(_ event: PitchEvent) -> TrackedNote? {
        if case .noteEnded(let note) = event { note } else { nil }
    }
}

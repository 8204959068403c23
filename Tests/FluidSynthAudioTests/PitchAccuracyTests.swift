import Foundation
import ProcessTestSupport
import Testing
import Training
import MusicTheory
@testable import FluidSynthAudio

/// Every key of the default note range C2–C5, in each tuning system (relative to the root C3), at
/// A4 = 415, 440 and 442, rendered offline and measured from several harmonics over the whole note
/// (1 s from the note-on, attack included).
@Suite(.cpuHeavy) struct PitchAccuracyTests {
    static let range = 36...72
    static let root = MIDINote(48)
    static let cases: [(TuningSystem, Double)] = TuningSystem.allCases.flatMap { tuning in
        [415.0, 440, 442].map { (tuning, $0) }
    }

    @Test("The cello and the sine sound every key within 0.1 cent", arguments: cases)
    func everyKey(tuning: TuningSystem, reference: Double) throws {
        let (renderer, problem) = Support.renderer()
        #expect(problem == nil)
        #expect(renderer.hasCello)
        var celloErrors: [Double] = [], sineErrors: [Double] = []
        for key in Self.range {
            let frequency = tuning.frequency(of: MIDINote(key), root: Self.root, reference: ReferencePitch(reference))
            let cello = Support.centsOff(renderer, frequency, source: .cello)
            let sine = Support.centsOff(renderer, frequency, source: .sine)
            #expect(abs(cello) <= 0.1, "cello \(MIDINote(key)) \(tuning) A4=\(reference): \(cello) c")
            #expect(abs(sine) <= 0.1, "sine \(MIDINote(key)) \(tuning) A4=\(reference): \(sine) c")
            celloErrors.append(abs(cello))
            sineErrors.append(abs(sine))
        }
        #expect(renderer.takeErrors().isEmpty)
        func figures(_ errors: [Double]) -> String {
            let sorted = errors.sorted()
            return String(format: "worst %.3f c, median %.3f c", sorted.last ?? 0, sorted[sorted.count / 2])
        }
        print("pitch accuracy \(tuning) A4=\(reference): cello \(figures(celloErrors)); sine \(figures(sineErrors))")
    }

    @Test("Two notes sounding together are each in tune: each has its own channel and bend")
    func harmonicInterval() throws {
        let (renderer, _) = Support.renderer()
        let root = Frequency(MIDINote(48)).shifted(byCents: 3.3)
        let fifth = TuningSystem.justIntonation.frequency(of: MIDINote(55), root: MIDINote(48))
        var random = SeededRandom(seed: 1)
        let style = PromptStyle(noteDuration: 1, harmonic: true, source: .cello)
        let tones = PromptTones.interval(root: root, target: fifth, style: style, sampleRate: Support.sampleRate, random: &random)
        #expect(tones.map(\.startFrame) == [0, 0])
        renderer.play(tones)
        var left = [Float](repeating: 0, count: 64), right = left
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in renderer.render(frames: 64, left: l.baseAddress!, right: r.baseAddress!) }
        }
        let channels = renderer.state.withLock { $0.bends.map(\.channel) }
        #expect(channels.count == 2)
        #expect(Set(channels).count == 2)
    }
}

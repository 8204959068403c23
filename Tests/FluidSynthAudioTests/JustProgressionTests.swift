import Foundation
import MusicTheory
import ProcessTestSupport
import Testing
@testable import FluidSynthAudio
import Training

/// A progression's chords in just intonation as its prompt sounds them (`TunedNotes.phrase`
/// against the question's tuning root, the tonic): every chord beatless, each tone the pure
/// interval of its spelling above the chord's root, in every inversion, as the cadence is.
@Suite(.cpuHeavy) struct JustProgressionTests {
    final class Clock: TrainingClock { var now: Duration = .zero }
    final class Sink: TrainingEventSink {
        var prompts: [Prompt] = []
        func receive(_ event: TrainingEvent) { if case .prompt(let prompt) = event.kind { prompts.append(prompt) } }
    }

    @Test("every chord of every progression is pure on its root, the ii and vi too (tuned note by note from the tonic they would beat)",
          arguments: Progression.allCases)
    func pure(progression: Progression) throws {
        let sink = Sink()
        let engine = TrainingEngine(clock: Clock(), random: SeededRandom(seed: 1), controls: .none, sink: sink)
        try engine.start(Exercise(ProgressionExercise(progressions: [progression], root: try RootNote(parsing: "C4"))))
        let prompt = try #require(sink.prompts.last)
        let tonic = try #require(prompt.question.shown.tuningRoot)
        let chords = prompt.sounds.suffix(progression.numerals.count)
        #expect(chords.count == progression.numerals.count)
        for phrase in chords {
            let keys = phrase.notes
            let tuned = TunedNotes.phrase(keys, together: true, root: tonic, tuning: .justIntonation, reference: .standard)
            let chord = try #require(Chord.recognize(keys).first, "\(keys)")
            let rootIndex = try #require(keys.firstIndex { $0.pitchClass == chord.root })
            let ratios = try #require(JustChordPitchTests.pureRatios[chord.quality])
            for (key, frequency) in zip(keys, tuned) {
                let semitones = key.rawValue - keys[rootIndex].rawValue
                let tone = try #require(chord.quality.semitones.firstIndex { ((semitones - $0) % 12 + 12) % 12 == 0 })
                let octaves = Double((semitones - chord.quality.semitones[tone]) / 12)
                let pure = 1200 * (log2(tone == 0 ? 1 : ratios[tone - 1]) + octaves)
                let cents = frequency.cents(above: tuned[rootIndex])
                #expect(abs(cents - pure) < 1e-6, "\(progression) \(keys): \(key) is \(cents) c above the root, pure is \(pure)")
            }
        }
    }
}

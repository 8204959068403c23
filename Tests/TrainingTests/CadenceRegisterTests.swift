import MusicTheory
import Testing
@testable import Training

/// The cadence that sets a key (before a degree question, before a new key's melody) keeps its
/// bass at G2 or above, and no higher than it needs: an octave under the question's tonic, or the
/// tonic itself when that octave would be under G2. Before, 33 of 61 degree keys in the default
/// note range (C2–C5) had their bass on C2–F♯2.
@Suite struct CadenceRegisterTests {
    /// The cadences a session sounds over `questions` questions with `seed`, with the tonic each
    /// question asks in.
    static func cadences(_ exercise: Exercise, seed: UInt64, questions: Int, settings: TrainingSettings = .cello)
        throws -> [(tonic: MIDINote, basses: [MIDINote])] {
        let harness = Harness(seed: seed, settings: settings)
        try harness.engine.start(exercise)
        var heard: [(tonic: MIDINote, basses: [MIDINote])] = []
        for _ in 0..<questions {
            let prompt = try #require(harness.sink.prompts.last)
            let chords = prompt.sounds.filter(\.together)
            if !chords.isEmpty { heard.append((try #require(prompt.question.shown.tuningRoot), chords.map { $0.notes.min()! })) }
            harness.engine.perform(.skip)
        }
        return heard
    }

    /// The bass a cadence on `tonic` should have: the tonic's octave below, or the tonic, at or above G2 and `floor`.
    static func expectedBass(_ tonic: MIDINote, floor: MIDINote) -> MIDINote {
        var bass = tonic.rawValue - 12
        while bass < max(43, floor.rawValue) { bass += 12 }
        return MIDINote(bass)
    }

    @Test("degree, random tonics in the default range: every cadence's bass on G2 or above, the tonic's octave below or the tonic")
    func degree() throws {
        var low = 0, all = 0
        for seed in UInt64(1)...12 {
            for (tonic, basses) in try Self.cadences(Exercise(DegreeExercise(questionsPerKey: 1)), seed: seed, questions: 6) {
                all += 1
                #expect(basses.allSatisfy { $0.rawValue >= 43 }, "tonic \(tonic): basses \(basses)")
                #expect(basses.first == Self.expectedBass(tonic, floor: TrainingSettings.cello.noteRange.lowerBound),
                        "tonic \(tonic): I's bass \(basses)")
                if tonic.rawValue - 12 < 43 { low += 1 }
            }
        }
        #expect(all >= 60 && low >= 10, "tonics under G3 asked too: \(low) of \(all)")
    }

    @Test("dictation, a new key's cadence: its bass on G2 or above and within the note range")
    func dictation() throws {
        var settings = TrainingSettings.cello
        settings.noteRange = MIDINote(45)...MIDINote(76)  // A2–E5
        for seed in UInt64(1)...12 {
            let exercise = Exercise(DictationExercise(mode: .aeolian))
            for (_, basses) in try Self.cadences(exercise, seed: seed, questions: 3, settings: settings) {
                #expect(basses.allSatisfy { $0.rawValue >= 45 }, "seed \(seed): \(basses)")
            }
            for (_, basses) in try Self.cadences(Exercise(DictationExercise()), seed: seed, questions: 3) {
                #expect(basses.allSatisfy { $0.rawValue >= 43 }, "seed \(seed): \(basses)")
            }
        }
    }
}

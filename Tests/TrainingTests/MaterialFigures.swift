import MusicTheory
@testable import Training

/// Figures over many drawn questions, for the material tests: how melodies move and where chord
/// roots lie, computed from what the prompts sound (as a listener would), not from the generator.
struct MaterialFigures {
    /// The share of `count` in `total`, in per cent.
    static func percent(_ count: Int, of total: Int) -> Double {
        total == 0 ? 0 : Double(count) * 100 / Double(total)
    }

    /// The middle value (the upper of the two middle ones for an even count).
    static func median(_ values: [Int]) -> Int {
        values.sorted()[values.count / 2]
    }

    /// Every melody of `count` prompts of a dictation session, each with its key as shown, the
    /// prompt's phrases before the melody's first note alone, and the melody's keys.
    static func melodies(_ exercise: DictationExercise, count: Int, seed: UInt64) throws -> [(question: DictationQuestion, context: [SoundPhrase], notes: [Int])] {
        let harness = Harness(seed: seed)
        try harness.engine.start(Exercise(exercise))
        var drawn: [(DictationQuestion, [SoundPhrase], [Int])] = []
        for _ in 0..<count {
            let prompt = harness.sink.prompts.last!
            let question = prompt.question.shown(as: DictationQuestion.self)!
            drawn.append((question, Array(prompt.sounds.dropLast(2)), prompt.sounds.last!.notes.map(\.rawValue)))
            harness.sink.clear()  // so that finding the next prompt does not read every event before it
            harness.engine.perform(.skip)
        }
        return drawn
    }

    /// The roots of `count` chord questions in a row (each skipped).
    static func chordRoots(_ exercise: ChordExercise, count: Int, seed: UInt64, settings: TrainingSettings = .cello) throws -> [Int] {
        let harness = Harness(seed: seed, settings: settings)
        try harness.engine.start(Exercise(exercise))
        var roots: [Int] = []
        for _ in 0..<count {
            roots.append(harness.sink.prompts.last!.question.shown(as: ChordQuestion.self)!.rootNote.rawValue)
            harness.sink.clear()
            harness.engine.perform(.skip)
        }
        return roots
    }
}

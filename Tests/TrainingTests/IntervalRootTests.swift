import MusicTheory
import Testing
@testable import Training

/// Where interval questions lie: random roots stay in C3–C4 and move at most a fourth from the one
/// before, as chords' roots do (a listening review heard them leap: C2–A♭4, a median move of 10
/// semitones, 42 % an octave or more); the answer stays inside the note range.
@Suite struct IntervalRootTests {
    /// The roots of `count` questions in a row (each skipped), with the answers' keys.
    static func roots(_ exercise: Exercise, count: Int, seed: UInt64, settings: TrainingSettings = .cello) throws -> [(root: Int, answer: Int)] {
        let harness = Harness(seed: seed, settings: settings)
        try harness.engine.start(exercise)
        var drawn: [(Int, Int)] = []
        for _ in 0..<count {
            let prompt = harness.sink.prompts.last!.question
            if let question = prompt.shown(as: IntervalQuestion.self) {
                drawn.append((question.rootNote.rawValue, question.answer.midiNote.rawValue))
            } else if let question = prompt.shown(as: EarIntervalQuestion.self) {
                drawn.append((question.rootNote.rawValue, question.rootNote.rawValue))
            }
            harness.sink.clear()
            harness.engine.perform(.skip)
        }
        return drawn
    }

    static let exercises: [(String, Exercise)] = [
        ("interval up", Exercise(IntervalExercise())),
        ("interval down", Exercise(IntervalExercise(direction: .descending))),
        ("ear-interval", Exercise(EarIntervalExercise())),
    ]

    @Test("1,000 random roots of each: in C3–C4, each 1 to 5 semitones from the one before, the answer in range",
          arguments: exercises.map(\.0))
    func randomRoots(name: String) throws {
        let exercise = Self.exercises.first { $0.0 == name }!.1
        let range = TrainingSettings.cello.noteRange.lowerBound.rawValue...TrainingSettings.cello.noteRange.upperBound.rawValue
        var roots: [Int] = [], moves: [Int] = []
        for seed in UInt64(1)...10 {
            let drawn = try Self.roots(exercise, count: 100, seed: seed)
            #expect(drawn.count == 100)
            #expect(drawn.allSatisfy { range.contains($0.answer) }, "\(drawn.filter { !range.contains($0.answer) })")
            roots += drawn.map(\.root)
            moves += zip(drawn, drawn.dropFirst()).map { abs($0.root - $1.root) }
        }
        let band = RootRegister.band.lowerBound.rawValue...RootRegister.band.upperBound.rawValue
        #expect(roots.allSatisfy(band.contains), "\(roots.filter { !band.contains($0) })")
        #expect(moves.allSatisfy { (1...RootRegister.largestMove).contains($0) }, "largest move \(moves.max() ?? 0)")
        #expect(MaterialFigures.median(moves) <= 3)
        print(String(format: "%@ roots: %d drawn, %d-%d, root motion median %d, largest %d", name,
                     roots.count, roots.min()!, roots.max()!, MaterialFigures.median(moves), moves.max()!))
    }

    @Test("compound intervals (to M13) in C2–C5: the roots as near C3–C4 as the answer allows, never an octave's leap")
    func compoundRoots() throws {
        var moves: [Int] = []
        for seed in UInt64(1)...10 {
            let drawn = try Self.roots(Exercise(IntervalExercise(intervals: SpelledInterval.common)), count: 100, seed: seed)
            // A major thirteenth from C4 would end on A5, above the range: its roots lie lower.
            #expect(drawn.allSatisfy { (36...60).contains($0.root) && (36...72).contains($0.answer) }, "\(drawn)")
            moves += zip(drawn, drawn.dropFirst()).map { abs($0.root - $1.root) }
        }
        #expect(MaterialFigures.median(moves) <= 3)
        #expect(moves.max()! < 12, "largest move \(moves.max()!)")
        print("compound interval roots: root motion median \(MaterialFigures.median(moves)), largest \(moves.max()!)")
    }

    @Test("a note range above C3–C4 takes the roots nearest it, the answer inside the range")
    func highRange() throws {
        let settings = TrainingSettings(noteRange: MIDINote(62)...MIDINote(84))
        let drawn = try Self.roots(Exercise(IntervalExercise()), count: 200, seed: 4, settings: settings)
        #expect(drawn.allSatisfy { (62...74).contains($0.root) && (62...84).contains($0.answer) }, "\(drawn)")
    }
}

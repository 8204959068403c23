import MusicTheory
import Testing
@testable import Training

/// A melody's notes sung again after a wrong one are not counted again: a teacher reading the
/// results sees each note asked once and right at most once.
@Suite struct MelodyCountsTests {
    @Test("a note right in two attempts is counted right once (sight-sing, then dictation)", arguments: [false, true])
    func countedOnce(dictation: Bool) throws {
        let harness = Harness(seed: 4)
        let root = try RootNote(parsing: "C")
        try harness.engine.start(dictation ? Exercise(DictationExercise(root: root)) : Exercise(SightSingExercise(root: root)))
        let melody: [Int] = dictation
            ? try #require(harness.sink.prompts.last?.sounds.last?.notes).map(\.rawValue)
            : try #require(harness.sink.prompts.last?.question.shown(as: SightSingQuestion.self)).notes.map(\.midiNumber)
        harness.play(melody[0])
        harness.play(melody[1] == 72 ? 71 : 72)  // wrong: the attempt starts again
        for note in melody { harness.play(note) }
        harness.engine.perform(.stop)
        let results = try #require(harness.sink.results.last)
        for row in results.breakdown {
            #expect(row.correct <= row.asked, "\(row.subject.label): \(row.correct) right of \(row.asked) asked")
        }
        #expect(results.correct == melody.count, "each note right once: \(results.correct)")
    }
}

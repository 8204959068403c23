import MusicTheory
import Testing
import Training

@testable import Daemon

/// The voice does not read the same instruction before every question: words that only say how
/// to answer (`compare`, `pure`: the question is in the sound) are said whole at the first
/// question and again when they change, the same again a short word; words that are the question
/// (`interval`'s "play a major third above C 3") are said every time.
@Suite("The voice says an instruction once")
struct SpokenInstructionTests {
    final class Collector: TrainingEventSink {
        var phrases = SpokenPhrases()
        /// What was said in turn at each prompt, in order, and that prompt's words.
        var atPrompts: [[String]] = []
        var words: [String] = []

        func receive(_ event: TrainingEvent) {
            let lines = phrases.lines(for: event, cues: .words).filter { $0.when == .inTurn }.map(\.text)
            if case .prompt(let prompt) = event.kind {
                atPrompts.append(lines)
                words.append(prompt.question.shown.spoken)
            }
        }
    }

    static func prompts(_ exercise: Exercise, skips: Int = 5) throws -> [[String]] {
        let collector = Collector()
        let engine = TrainingEngine(settings: FixedSettings(TrainingSettings()), clock: SpokenNoteNamesTests.StillClock(),
                                    random: SeededRandom(seed: 2), sink: collector)
        try engine.start(exercise)
        for _ in 0..<skips { engine.perform(.skip) }
        return collector.atPrompts
    }

    @Test("compare on one root: the instruction before the first question, then a short word")
    func compareOnce() throws {
        let said = try Self.prompts(Exercise(CompareExercise(root: try RootNote(parsing: "A3"))))
        #expect(said.count == 6)
        #expect(said[0] == ["listen: A 3, then the same note. Higher or lower?"], "\(said)")
        #expect(said.dropFirst().allSatisfy { $0 == [SpokenPhrases.again] }, "a short word for the same words: \(said)")
    }

    @Test("compare on changing roots and pure on changing intervals: said again when the words change, not when they repeat")
    func saidWhenChanged() throws {
        for exercise in [Exercise(CompareExercise.defaults), Exercise(PureExercise.defaults)] {
            let collector = Collector()
            let engine = TrainingEngine(settings: FixedSettings(TrainingSettings()), clock: SpokenNoteNamesTests.StillClock(),
                                        random: SeededRandom(seed: 2), sink: collector)
            try engine.start(exercise)
            for _ in 0..<30 { engine.perform(.skip) }
            let (said, words) = (collector.atPrompts, collector.words)
            #expect(said.count == 31)
            for index in said.indices {
                let changed = index == 0 || words[index] != words[index - 1]
                #expect(said[index] == [changed ? words[index] : SpokenPhrases.again], "prompt \(index + 1): \(words[index]) said \(said[index])")
            }
            #expect(said.dropFirst().contains { $0 != [SpokenPhrases.again] }, "words that changed were said again: \(words)")
        }
    }

    @Test("interval: the words are the question, said every time")
    func intervalEveryTime() throws {
        let said = try Self.prompts(.interval(IntervalExercise(root: try RootNote(parsing: "C3"), intervals: [try SpelledInterval(parsing: "M3")])))
        #expect(said.count == 6 && said.allSatisfy { lines in lines.count == 1 }, "\(said)")
    }

    @Test("a skipped scale's rest is not read aloud, a short skip's few notes still are")
    func skipSaysLittle() throws {
        final class Reveals: TrainingEventSink {
            var phrases = SpokenPhrases()
            var said: [String] = []
            func receive(_ event: TrainingEvent) {
                if case .answerRevealed = event.kind { said += phrases.lines(for: event, cues: .words).map(\.text) }
            }
        }
        let sink = Reveals()
        let engine = TrainingEngine(settings: FixedSettings(TrainingSettings()), clock: SpokenNoteNamesTests.StillClock(),
                                    random: SeededRandom(seed: 2), sink: sink)
        try engine.start(Exercise(ScaleExercise(mode: .dorian, root: try RootNote(parsing: "D3"))))
        engine.perform(.skip)
        #expect(sink.said == ["skipped"], "eight notes: \(sink.said)")
        try engine.start(Exercise(CompareExercise(root: try RootNote(parsing: "A3"))))
        engine.perform(.skip)
        #expect(sink.said.count == 2 && sink.said[1].hasPrefix("the answer: "), "one answer is named: \(sink.said)")
    }
}

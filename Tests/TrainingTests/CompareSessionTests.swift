import Foundation
import MusicTheory
import Testing
@testable import Training

/// Higher or lower by a few cents: a key above the reference answers higher, below it lower, the
/// reference itself nothing; each register's (or interval's) staircase moves 2-down 1-up from
/// question to question, and the results give its threshold.
@Suite struct CompareSessionTests {
    static func start(_ exercise: CompareExercise, seed: UInt64 = 1) throws -> Harness {
        let harness = Harness(seed: seed)
        try harness.engine.start(Exercise(exercise))
        return harness
    }

    /// The open question, as the engine holds it (the test peeks at the direction to answer).
    static func open(_ harness: Harness) throws -> OpenCompareQuestion {
        try #require(harness.engine.session?.open as? OpenCompareQuestion)
    }

    static func shown(_ harness: Harness) throws -> CompareQuestion {
        try #require(harness.sink.prompts.last?.question.shown(as: CompareQuestion.self))
    }

    /// Answers the open question right (or wrong): a key above the reference for higher.
    static func answer(_ harness: Harness, right: Bool) throws {
        let open = try open(harness)
        let higher = open.sharp == right
        harness.play(open.shown.rootNote.rawValue + (higher ? 1 : -1))
    }

    @Test("the reference, then the same note; above answers higher, below lower; the reference itself judges nothing")
    func judging() throws {
        let harness = try Self.start(CompareExercise(root: try RootNote(parsing: "C4")))
        let prompt = try #require(harness.sink.prompts.last)
        #expect(prompt.sounds.map(\.notes) == [[MIDINote(60)], [MIDINote(60)]], "the reference, then the same key")
        #expect(prompt.staff.notes.map(\.role) == [.root] && prompt.staff.notes.first?.note.description == "C4")
        harness.play(60)
        #expect(harness.sink.judgements.isEmpty && harness.sink.prompts.count == 1, "the reference: no answer")
        for _ in 0..<20 {
            harness.play(72)  // an octave above: higher
            let judgement = try #require(harness.sink.judgements.last)
            #expect(judgement.correct == (judgement.outcome == "higher"), "higher is right exactly when the note was sharp")
            let sounds = try #require(harness.sink.prompts.dropLast().last?.sounds)
            let sounded = try #require(sounds.last)
            #expect(sounded.cents == [judgement.outcome == "higher" ? judgement.cents! : -judgement.cents!], "the second note moved by the offset")
            #expect(judgement.sounds.map(\.notes) == sounds.map(\.notes) && judgement.sounds.map(\.cents) == sounds.map(\.cents),
                    "the pair compared sounds again after the answer")
            #expect(judgement.sounds.first?.timing.first?.start == harness.settings.current.promptGap.seconds, "a gap after the key")
            harness.play(48)  // below: lower
            let lower = try #require(harness.sink.judgements.last)
            #expect(lower.correct == (lower.outcome == "lower"))
        }
        #expect(harness.sink.prompts.count == 41, "each answer closes its question")
    }

    @Test("right twice: the offset halves (coarse steps); wrong: it doubles, up to the cap")
    func staircaseSteps() throws {
        let harness = try Self.start(CompareExercise(root: try RootNote(parsing: "C4")))
        var asked: [Double] = []
        for _ in 0..<8 {
            asked.append(try Self.open(harness).asked)
            try Self.answer(harness, right: true)
        }
        #expect(asked == [25, 25, 12.5, 12.5, 6.25, 6.25, 3.125, 3.125])
        #expect(harness.sink.judgements.map { abs($0.cents ?? 0) } == asked, "the judgement gives the offset asked")
        asked = []
        for _ in 0..<4 {
            asked.append(try Self.open(harness).asked)
            try Self.answer(harness, right: false)
        }
        // 1.5625 asked next after the eighth answer; a wrong answer is a reversal: still coarse (×2).
        #expect(asked == [1.5625, 3.125, 6.25, 12.5])
    }

    @Test("a listener who hears 4 c and guesses below converges near 4 c: the results give the settled threshold")
    func simulatedListener() throws {
        let harness = try Self.start(CompareExercise(root: try RootNote(parsing: "A3")), seed: 9)
        var guesses = SeededRandom(seed: 77)
        for _ in 0..<150 {
            let open = try Self.open(harness)
            let right = open.asked >= 4 || Bool.random(using: &guesses)
            try Self.answer(harness, right: right)
        }
        harness.engine.perform(.stop)
        let results = try #require(harness.sink.results.last)
        let threshold = try #require(results.thresholds.first)
        #expect(results.thresholds.count == 1 && threshold.subject == .register(3))
        #expect(threshold.settled && threshold.trials == 150)
        #expect((2.5...6.5).contains(threshold.cents), "\(threshold.cents)")
        #expect(results.row(for: .register(3))?.asked == 151, "the 150 answered and the one open at the stop")
    }

    @Test("random references: one staircase per register, each in the results")
    func registers() throws {
        let harness = try Self.start(CompareExercise(), seed: 4)
        var octaves: Set<Int> = []
        for _ in 0..<60 {
            let open = try Self.open(harness)
            #expect(open.subject == .register(open.shown.rootNote.octave))
            let range = harness.settings.current.noteRange
            #expect(range.lowerBound < open.shown.rootNote && open.shown.rootNote < range.upperBound, "a key below and above it in the range")
            octaves.insert(open.shown.rootNote.octave)
            try Self.answer(harness, right: true)
        }
        harness.engine.perform(.stop)
        let results = try #require(harness.sink.results.last)
        #expect(Set(results.thresholds.map(\.subject)) == Set(octaves.map(AnswerSubject.register)) && octaves.count >= 3)
        #expect(results.thresholds.map(\.subject) == results.thresholds.map(\.subject).sorted())
        #expect(results.thresholds.allSatisfy { $0.cents < 25 && !$0.settled }, "right every time: below the start, not settled")
    }

    @Test("with intervals: the upper note of the interval is compared, one staircase per interval")
    func intervals() throws {
        let intervals = try ["P5", "M3"].map(SpelledInterval.init(parsing:))
        let harness = try Self.start(CompareExercise(intervals: intervals), seed: 2)
        for question in 0..<30 {
            let open = try Self.open(harness)
            let shown = try Self.shown(harness)
            let interval = try #require(shown.interval)
            #expect(open.subject == .interval(interval))
            let prompt = try #require(harness.sink.prompts.last)
            #expect(prompt.sounds.map(\.notes) == [[shown.rootNote], [MIDINote(shown.rootNote.rawValue + interval.semitones)]])
            #expect(shown.ask.hasPrefix("a \(interval.name) above \(shown.root)"))
            #expect(prompt.sounds.notes.allSatisfy(harness.settings.current.noteRange.contains))
            try Self.answer(harness, right: question % 3 != 0)
        }
        harness.engine.perform(.stop)
        #expect(Set(try #require(harness.sink.results.last).thresholds.map(\.subject.label)) == ["P5", "M3"])
    }

    @Test("nothing open shows the offset or its direction: not the question's fields, text, voice or JSON")
    func nothingGivenAway() throws {
        let harness = try Self.start(CompareExercise(root: try RootNote(parsing: "C4"), startCents: 37))
        let prompt = try #require(harness.sink.prompts.last)
        let shown = try Self.shown(harness)
        #expect(Set(shown.detailFields.keys) == ["root", "register"])
        let json = String(decoding: try JSONEncoder().encode(prompt.question), as: UTF8.self)
        for text in [json, shown.ask, shown.text, shown.spoken, "\(shown.detailFields)"] {
            #expect(!text.contains("37") && !text.contains("sharp") && !text.contains("flat"), "\(text)")
        }
        #expect(shown.answerColumns.interval == nil && shown.answerColumns.root == "C")
        #expect(abs(try #require(prompt.sounds.last?.cents.first)) == 37, "only the sound carries it")
    }

    @Test("once answered, the judgement gives the second note's signed offset and what the key said, for a drawing")
    func answerDetails() throws {
        let harness = try Self.start(CompareExercise(root: try RootNote(parsing: "C4")), seed: 3)
        for question in 0..<12 {
            let open = try Self.open(harness)
            try Self.answer(harness, right: question % 3 != 0)
            let judgement = try #require(harness.sink.judgements.last)
            let answer = JSONValue.object(judgement.details).decoded(as: CompareAnswer.self)
            #expect(answer?.secondCents == (open.sharp ? open.asked : -open.asked))
            let higher = open.sharp == (question % 3 != 0)
            #expect(answer?.answered == (higher ? "higher" : "lower"))
        }
    }

    @Test("skip: the answer shown, the staircase unmoved")
    func skip() throws {
        let harness = try Self.start(CompareExercise(root: try RootNote(parsing: "C4")))
        harness.engine.perform(.skip)
        #expect(harness.sink.reveals.count == 1)
        #expect(try Self.open(harness).asked == 25)
        harness.engine.perform(.stop)
        #expect(try #require(harness.sink.results.last).skipped == 1)
    }

    @Test("options: intervals, start and root read; bad values refused with a message")
    func options() throws {
        let read = try CompareExercise.options(
            from: ExerciseParams(["intervals": .array([.string("P5")]), "start": .number(40), "root": .string("D4")]), over: .defaults)
        #expect(read.intervals == [try SpelledInterval(parsing: "P5")] && read.startCents == 40)
        #expect(throws: ExerciseParams.Refusal("start must be 1-100 cents, got 400")) {
            try CompareExercise.options(from: ExerciseParams(["start": .number(400)]), over: .defaults)
        }
        #expect(throws: (any Error).self) { try CompareExercise.options(from: ExerciseParams(["intervals": .array([.string("X9")])]), over: .defaults) }
        #expect(throws: TrainingError.self) { try CompareExercise(intervals: [try SpelledInterval(parsing: "P22")]).validate() }
    }

    @Test("spaced repetition: a register the student knows (box 5) comes up far less than ones never answered")
    func review() throws {
        let known = AnswerSubject.register(2).reviewKey(kind: CompareExercise.kind)
        #expect(known == "compare/register:octave 2")
        let now = 10_000_000.0
        var schedule = ReviewSchedule()
        for day in 0..<60 { schedule.record(ReviewAnswer(item: known, correct: true, time: now - Double(60 - day) * 86_400)) }
        #expect(schedule.cards[known]?.box == 5)
        let harness = Harness(seed: 3)
        let replayed = schedule
        harness.engine.review = { _ in (replayed, now) }
        try harness.engine.start(Exercise(CompareExercise()))
        var octaves: [Int: Int] = [:]
        for _ in 0..<300 {
            let open = try Self.open(harness)
            octaves[open.shown.rootNote.octave, default: 0] += 1
            try Self.answer(harness, right: true)
        }
        #expect((octaves[2] ?? 0) < 45 && (octaves[3] ?? 0) > 90 && (octaves[4] ?? 0) > 90, "\(octaves)")
    }
}

import MusicTheory
import Testing
@testable import Training

@Suite struct IntervalSessionTests {
    /// Semitones of each interval, written out by hand.
    static let sizes: [String: Int] = [
        "m2": 1, "M2": 2, "m3": 3, "M3": 4, "P4": 5, "A4": 6, "P5": 7, "m6": 8, "M6": 9, "m7": 10, "M7": 11,
        "P8": 12, "m9": 13, "M9": 14, "P11": 17, "A11": 18, "m13": 20, "M13": 21,
    ]

    @Test("the default set is the eleven within the octave; the extended set adds P8 m9 M9 P11 A11 m13 M13")
    func sets() {
        #expect(IntervalExercise.intervalsWithinOctave.map(\.description) == ["m2", "M2", "m3", "M3", "P4", "A4", "P5", "m6", "M6", "m7", "M7"])
        #expect(IntervalExercise.extendedIntervals.map(\.description).suffix(7) == ["P8", "m9", "M9", "P11", "A11", "m13", "M13"])
    }

    @Test("every interval, up and down: the prompt names it, the right note answers it, random roots stay in range",
          arguments: IntervalExercise.extendedIntervals, IntervalDirection.allCases)
    func everyInterval(interval: SpelledInterval, direction: IntervalDirection) throws {
        let harness = Harness(seed: UInt64(interval.semitones))
        try harness.engine.start(.interval(IntervalExercise(intervals: [interval], direction: direction)))
        for _ in 0..<10 {
            let question = harness.intervalQuestion
            let size = try #require(Self.sizes[interval.description])
            let target = question.rootNote.rawValue + (direction == .ascending ? size : -size)
            #expect(question.interval == interval)
            #expect((36...72).contains(question.rootNote.rawValue))
            #expect((36...72).contains(target))
            #expect(question.answer.midiNote.rawValue == target)
            #expect(question.text.contains(direction == .ascending ? "up" : "down"))
            harness.play(target)
        }
        #expect(harness.sink.judgements.allSatisfy { $0.correct })
        #expect(harness.sink.judgements.count == 10)
        #expect(harness.sink.prompts.count == 11)
    }

    @Test("the tritone is asked as A4/d5 and spelled from the root")
    func tritone() throws {
        let harness = Harness()
        try harness.engine.start(.interval(IntervalExercise(root: root("C3"), intervals: [interval("A4")])))
        #expect(harness.intervalQuestion.text == "augmented fourth / diminished fifth up from C3")
        #expect(harness.intervalQuestion.answer.spelled.description == "F#3")
    }

    @Test("wrong notes keep the question open; the third reveals the answer and the next question comes")
    func reveal() throws {
        let harness = Harness()
        try harness.engine.start(.interval(IntervalExercise(root: root("C3"), intervals: [interval("M3")])))
        harness.play(51)
        harness.play(53)
        #expect(harness.sink.reveals.isEmpty)
        #expect(harness.sink.prompts.count == 1)
        harness.play(55)
        let reveal = try #require(harness.sink.reveals.first)
        #expect(reveal.reason == .tooManyWrongTries)
        #expect(reveal.answers.map(\.spelled.description) == ["E3"])
        #expect(reveal.staff.notes.map(\.role) == [.root, .revealed])
        #expect(harness.sink.prompts.count == 2)
        #expect(harness.sink.names == ["started", "prompt", "wrong", "wrong", "wrong", "revealed", "prompt"])
        harness.play(52)
        harness.engine.perform(.stop)
        let results = try #require(harness.sink.results.first)
        #expect(results.errors == 3)
        #expect(results.correct == 1)
        #expect(results.revealed == 1)
        #expect(results.questionsFinished == 2)
        #expect(results.errorRate == 0.75)
        let row = try #require(results.row(for: .interval(interval("M3"))))
        #expect(row.asked == 3)
        #expect(row.revealed == 1)
        #expect(row.correctFirstTry == 1)
        #expect(results.confusions.map(\.played) == ["m3", "P4", "P5"])
    }

    @Test("the number of tries before the reveal is configurable", arguments: [1, 2, 5])
    func triesBeforeReveal(tries: Int) throws {
        let harness = Harness()
        try harness.engine.start(.interval(IntervalExercise(root: root("C3"), intervals: [interval("P5")], triesBeforeReveal: tries)))
        for attempt in 1...tries {
            #expect(harness.sink.reveals.isEmpty, "revealed before try \(attempt)")
            harness.play(49)
        }
        #expect(harness.sink.reveals.count == 1)
    }

    @Test("pitch class by default; strict wants the octave; compound intervals are always exact")
    func matching() throws {
        let loose = Harness()
        try loose.engine.start(.interval(IntervalExercise(root: root("C3"), intervals: [interval("M3")])))
        loose.play(76)  // E5: right pitch class
        #expect(loose.sink.judgements.map(\.correct) == [true])

        let strict = Harness()
        try strict.engine.start(.interval(IntervalExercise(root: root("C3"), intervals: [interval("M3")], matching: .exactOctave)))
        strict.play(64)  // E4: wrong octave
        strict.play(52)  // E3
        #expect(strict.sink.judgements.map(\.correct) == [false, true])

        let compound = Harness()
        try compound.engine.start(.interval(IntervalExercise(root: root("C3"), intervals: [interval("M9")])))
        compound.play(50)  // D3: right class, a second not a ninth
        compound.play(74)  // D5
        compound.play(62)  // D4: the ninth above C3
        #expect(compound.sink.judgements.map(\.correct) == [false, false, true])
        #expect(compound.sink.judgements[0].expected.spelled.description == "D4")
    }

    @Test("note-offs, velocity 0 and notes while no session runs are not answers")
    func notAnswers() throws {
        let harness = Harness()
        harness.play(52)  // no session yet
        #expect(harness.sink.events.isEmpty)
        try harness.engine.start(.interval(IntervalExercise(root: root("C3"), intervals: [interval("M3")])))
        harness.engine.handle(.noteOn(MIDINote(52), velocity: 0, at: .seconds(1)))
        harness.engine.handle(.noteOff(MIDINote(52), at: .seconds(1)))
        harness.engine.handle(.controlChange(7, value: 100, at: .seconds(1)))
        #expect(harness.sink.judgements.isEmpty)
        harness.engine.perform(.stop)
        harness.sink.clear()
        harness.play(52)
        #expect(harness.sink.events.isEmpty)
    }

    @Test("notes at once are judged one by one in arrival order")
    func chord() throws {
        let harness = Harness()
        try harness.engine.start(.interval(IntervalExercise(root: root("C3"), intervals: [interval("P5")], triesBeforeReveal: 5)))
        for note in [49, 55, 50] {
            harness.engine.handle(.noteOn(MIDINote(note), velocity: 70, at: .seconds(2)))
        }
        // 49 is wrong, 55 answers the first question, 50 is judged against the second.
        #expect(harness.sink.judgements.map(\.played.rawValue) == [49, 55, 50])
        #expect(harness.sink.judgements.map(\.correct) == [false, true, false])
        #expect(harness.sink.judgements.map(\.attempt) == [1, 2, 1])
        #expect(harness.sink.prompts.count == 2)
    }

    @Test("a correct answer is drawn after the root; a wrong one is not")
    func staff() throws {
        let harness = Harness()
        try harness.engine.start(.interval(IntervalExercise(root: root("C2"), intervals: [interval("m3")])))
        #expect(harness.sink.prompts[0].staff.notes.map(\.description) == ["C3@3"])  // raised an octave to be drawable
        harness.play(40)
        #expect(harness.sink.judgements[0].staff.notes.count == 1)
        harness.play(39)
        #expect(harness.sink.judgements[1].staff.notes.map(\.description) == ["C3@3", "bE3@5"])
        #expect(harness.sink.prompts[1].staff.notes.count == 1)
    }

    @Test("settings are read at each prompt: a new range applies from the next question")
    func settingsPerPrompt() throws {
        let harness = Harness(seed: 7)
        try harness.engine.start(.interval(IntervalExercise(intervals: [interval("M2")])))
        harness.settings.current.noteRange = MIDINote(60)...MIDINote(62)
        #expect(harness.sink.prompts[0].settings.noteRange == MIDINote(36)...MIDINote(72))
        harness.play(harness.intervalQuestion.answer.midiNote.rawValue)
        #expect(harness.intervalQuestion.rootNote == MIDINote(60))
        #expect(harness.sink.prompts[1].settings.noteRange == MIDINote(60)...MIDINote(62))
    }
}

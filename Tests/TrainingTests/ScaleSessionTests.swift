import MusicTheory
import Testing
@testable import Training

@Suite struct ScaleSessionTests {
    @Test("every mode and scale: the prompt carries mode, root and step pattern; its notes played right complete a round and the same scale comes again", arguments: Mode.allCases)
    func wholeRound(mode: Mode) throws {
        let harness = Harness()
        // Pitch-class matching: the notes are played up and down octaves on purpose.
        try harness.engine.start(.scale(ScaleExercise(mode: mode, root: root("D"), matching: .pitchClass)))
        let question = harness.scaleQuestion
        #expect(question.stepPattern == textbookPatterns[mode])
        #expect(question.scale.mode == mode)
        #expect(question.scale.root == NoteName(.d))
        #expect(harness.sink.prompts.last?.number == 1)

        // D is pitch class 2; play each degree an octave or two away from the drawn one.
        let pitches = offsets(ofPattern: textbookPatterns[mode]!).map { 2 + 48 + $0 }
        for (index, pitch) in pitches.enumerated() {
            harness.play(pitch + (index.isMultiple(of: 2) ? 12 : -12))
        }
        let judgements = harness.sink.judgements
        let count = pitches.count
        #expect(judgements.count == count)
        #expect(judgements.allSatisfy { $0.correct })
        #expect(judgements.map(\.subject) == (1...count).map { .degree($0) })
        #expect(judgements.last?.staff.notes.count == count)
        #expect(harness.sink.roundsComplete.map(\.round) == [1])
        #expect(harness.sink.prompts.count == 2)
        #expect(harness.sink.prompts.last?.number == 2)
        #expect(harness.scaleQuestion.scale == question.scale)
        #expect(harness.sink.names == ["started", "prompt"] + Array(repeating: "right", count: count) + ["round", "prompt"])
    }

    @Test("a wrong note is counted, not drawn, and the same note is still expected")
    func wrongNote() throws {
        let harness = Harness()
        try harness.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"))))
        harness.play(48)  // C: right
        harness.play(51)  // Eb instead of D
        harness.play(49)  // C# instead of D
        harness.play(50)  // D: right
        let judged = harness.sink.judgements
        #expect(judged.map(\.correct) == [true, false, false, true])
        #expect(judged[1].expected.spelled.name == NoteName(.d))
        #expect(judged[2].expected.spelled.name == NoteName(.d))
        #expect(judged[1].staff.notes.count == 1)
        #expect(judged[2].attempt == 2)
        #expect(judged[3].attempt == 3)
        #expect(judged[3].staff.notes.map(\.note.description) == ["C3", "D3"])

        harness.engine.perform(.stop)
        let results = try #require(harness.sink.results.first)
        #expect(results.correct == 2)
        #expect(results.errors == 2)
        #expect(results.errorRate == 0.5)
        #expect(results.row(for: .degree(2))?.errors == 2)
        #expect(results.row(for: .degree(2))?.correctFirstTry == 0)
        #expect(results.row(for: .degree(1))?.correctFirstTry == 1)
        let confusions = results.confusions.map { "\($0.expected) \($0.played) \($0.count)" }
        #expect(confusions == ["degree 2 m2 1", "degree 2 m3 1"])
    }

    @Test("the final note is the octave's pitch class; strict matching wants the exact notes drawn")
    func strictAndPitchClass() throws {
        let loose = Harness()
        try loose.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"), matching: .pitchClass)))
        for pitch in [60, 62, 64, 65, 67, 69, 71, 60] { loose.play(pitch) }  // the "octave" played as the same C
        #expect(loose.sink.roundsComplete.count == 1)

        let strict = Harness()
        try strict.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"), matching: .exactOctave)))
        strict.play(60)  // C4: right class, wrong octave
        strict.play(48)  // C3: drawn root
        for pitch in [50, 52, 53, 55, 57, 59] { strict.play(pitch) }
        strict.play(48)  // not the octave
        strict.play(60)  // the octave
        #expect(strict.sink.judgements.map(\.correct) == [false, true, true, true, true, true, true, true, false, true])
        #expect(strict.sink.roundsComplete.count == 1)
    }

    @Test("an exact root sets the octave of a strict scale")
    func exactRoot() throws {
        let harness = Harness()
        try harness.engine.start(.scale(ScaleExercise(mode: .aeolian, root: root("A2"), matching: .exactOctave)))
        #expect(harness.scaleQuestion.expected.map(\.midiNote.rawValue) == [45, 47, 48, 50, 52, 53, 55, 57])
        #expect(harness.scaleQuestion.root.description == "A2")
    }

    @Test("a new random root and mode each round, when asked, differ from the round before")
    func newRandomRounds() throws {
        let harness = Harness(seed: 42)
        let exercise = ScaleExercise(mode: .ionian, root: root("C"), newRandomRootEachRound: true, newRandomModeEachRound: true)
        try harness.engine.start(.scale(exercise))
        var scales: [Scale] = []
        for _ in 0..<20 {
            let question = harness.scaleQuestion
            scales.append(question.scale)
            for midi in question.expected.map(\.midiNote.rawValue) { harness.play(midi) }
        }
        #expect(harness.sink.roundsComplete.count == 20)
        for (before, after) in zip(scales, scales.dropFirst()) {
            #expect(before.root.pitchClass != after.root.pitchClass)
            #expect(before.mode != after.mode)
        }
        #expect(Set(scales.map(\.mode)).count >= 5)
    }

    @Test("response time runs from the prompt, then from the previous correct note")
    func responseTimes() throws {
        let harness = Harness()
        try harness.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"))))
        harness.play(48, after: .seconds(2))
        harness.play(49, after: .seconds(1))
        harness.play(50, after: .milliseconds(500))
        let judged = harness.sink.judgements
        #expect(judged.map(\.responseTime) == [.seconds(2), .seconds(1), .milliseconds(1500)])
        #expect(judged.map(\.sincePrompt) == [.seconds(2), .seconds(3), .milliseconds(3500)])
        harness.engine.perform(.stop)
        let results = try #require(harness.sink.results.first)
        #expect(results.averageResponseTime == .milliseconds(1750))
        #expect(results.averageFirstNoteTime == .milliseconds(1500))
        #expect(results.sessionLength == .milliseconds(3500))
    }
}

/// The default matching: a round goes the way it is asked.
@Suite struct InDirectionTests {
    @Test("each note must be above the one before: the right pitch class lower is wrong; any octave upward is right")
    func rising() throws {
        let harness = Harness()
        try harness.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"))))
        harness.play(48)  // C3
        harness.play(38)  // D2: the right pitch class, below C3
        harness.play(62)  // D4: above, right
        harness.play(52)  // E3: below D4, wrong
        harness.play(64)  // E4
        let judged = harness.sink.judgements.map(\.correct)
        #expect(judged == [true, false, true, false, true])
        #expect(harness.sink.judgements[1].subject == .degree(2) && harness.sink.judgements[2].subject == .degree(2))
    }

    @Test("a whole round rising ends on the root an octave up; pitch-class matching still takes any order")
    func roundAndLoose() throws {
        let rising = Harness()
        try rising.engine.start(.scale(ScaleExercise(mode: .dorian, root: root("D"))))
        for pitch in [50, 52, 53, 55, 57, 59, 60, 62] { rising.play(pitch) }
        #expect(rising.sink.judgements.allSatisfy { $0.correct })
        #expect(rising.sink.roundsComplete.count == 1)

        let loose = Harness()
        try loose.engine.start(.scale(ScaleExercise(mode: .dorian, root: root("D"), matching: .pitchClass)))
        for pitch in [62, 40, 65, 43, 57, 47, 72, 38] { loose.play(pitch) }
        #expect(loose.sink.judgements.allSatisfy { $0.correct })
        #expect(loose.sink.roundsComplete.count == 1)
    }
}

/// A round goes up, down, or up and down, as asked.
@Suite struct ScaleDirectionTests {
    @Test("descending: from the octave down to the root, each note below the last, counted by degree")
    func descending() throws {
        let harness = Harness()
        try harness.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"), direction: .descending)))
        #expect(harness.scaleQuestion.ask.hasSuffix("from C4, down"), "\(harness.scaleQuestion.ask)")
        #expect(harness.scaleQuestion.expected.first?.spelled.description == "C4", "the octave first")
        harness.play(60)  // C4
        harness.play(71)  // B4: the right pitch class, but above
        for pitch in [59, 57, 55, 53, 52, 50, 48] { harness.play(pitch) }
        let judged = harness.sink.judgements
        #expect(judged.map(\.correct) == [true, false, true, true, true, true, true, true, true])
        #expect(judged.filter(\.correct).map(\.subject) == (1...8).reversed().map { .degree($0) })
        #expect(harness.sink.roundsComplete.count == 1)
    }

    @Test("up and down: fifteen notes, the top once, the direction checked each way")
    func upAndDown() throws {
        let harness = Harness()
        try harness.engine.start(.scale(ScaleExercise(mode: .dorian, root: root("D"), direction: .upAndDown)))
        #expect(harness.scaleQuestion.expected.count == 15)
        for pitch in [50, 52, 53, 55, 57, 59, 60, 62, 60, 59, 57, 55, 53, 52, 50] { harness.play(pitch) }
        #expect(harness.sink.judgements.allSatisfy { $0.correct })
        #expect(harness.sink.roundsComplete.count == 1)
    }

    @Test("a skip reveals the rest as a quick run: the whole scale in 2.25 s, its notes in order")
    func shortSkip() throws {
        let harness = Harness()
        try harness.engine.start(.scale(ScaleExercise(mode: .dorian, root: root("D"))))
        harness.play(50)  // D: right; seven to go
        harness.engine.perform(.skip)
        let reveal = try #require(harness.sink.reveals.last)
        let phrase = try #require(reveal.sounds.first)
        #expect(reveal.sounds.count == 1 && phrase.notes.map(\.rawValue) == [52, 53, 55, 57, 59, 60, 62])
        #expect(phrase.timing.map(\.start) == [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5])
        #expect(phrase.timing.last?.end == 2.0, "seven notes in 2 s: played at the settings' pace they took 6 s")
    }
}

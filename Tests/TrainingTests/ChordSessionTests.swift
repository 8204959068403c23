import MusicTheory
import Testing
@testable import Training

/// A chord answered with keys held together: the window that makes them one answer, any voicing
/// or the exact one, and what a wrong answer is heard as.
@Suite struct ChordSessionTests {
    static func start(_ exercise: ChordExercise = ChordExercise(qualities: [.minor], root: try! RootNote(parsing: "C"))) throws -> Harness {
        let harness = Harness()
        try harness.engine.start(Exercise(exercise))
        return harness
    }

    @Test("the root alone, then the chord together; only the root is shown")
    func prompt() throws {
        let harness = try Self.start()
        let prompt = try #require(harness.sink.prompts.last)
        #expect(prompt.sounds.count == 2 && prompt.sounds[0].notes.count == 1 && prompt.sounds[1].together)
        #expect(prompt.sounds[1].notes.count == 3)
        #expect(prompt.question.shown.ask.hasPrefix("on C"), "\(prompt.question.shown.ask)")
        #expect(!prompt.question.shown.namesSubjectWhileOpen)
    }

    @Test("keys 40 ms apart are one answer, in any voicing; a wrong chord is heard as what it is")
    func windowAndVoicing() throws {
        let harness = try Self.start()
        let root = try #require(harness.sink.prompts.last?.sounds[0].notes[0]).rawValue
        // C major, a wrong answer, its keys 40 ms apart.
        harness.press(root, after: .seconds(1))
        harness.press(root + 4, after: .milliseconds(40))
        harness.press(root + 7, after: .milliseconds(40))
        harness.release([root, root + 4, root + 7])
        let wrong = try #require(harness.sink.judgements.last)
        #expect(!wrong.correct)
        #expect(wrong.heardAs?.hasSuffix("major") == true, "\(String(describing: wrong.heardAs))")
        #expect(wrong.keys.map(\.rawValue) == [root, root + 4, root + 7], "every key of the answer, lowest first")
        // C minor, first inversion, spread: Eb G C an octave up, still one answer.
        harness.press(root + 3, after: .seconds(1))
        harness.press(root + 7, after: .milliseconds(30))
        harness.press(root + 12, after: .milliseconds(30))
        #expect(harness.sink.judgements.last?.correct == true)
        #expect(harness.sink.judgements.count == 2, "three keys, one judgement each time")
        harness.engine.perform(.stop)
        let results = try #require(harness.sink.results.last)
        #expect(results.confusions.map { "\($0.expected) → \($0.played)" } == ["minor → major"], "on the asked root, the quality played")
    }

    @Test("a doubled tone pressed after the chord is complete is one of it, not the next question's answer")
    func doubledTonePressedLast() throws {
        let harness = try Self.start()
        let root = try #require(harness.sink.prompts.last?.sounds[0].notes[0]).rawValue
        for (index, key) in [root, root + 3, root + 7, root + 12].enumerated() { harness.press(key, after: index == 0 ? .seconds(1) : .milliseconds(10)) }
        harness.release([root, root + 3, root + 7, root + 12])
        #expect(harness.sink.judgements.map(\.correct) == [true], "one answer, right")
        #expect(harness.sink.prompts.count == 2)
    }

    @Test("a key after the window starts a new answer; strict takes only the voicing sounded")
    func laterKeyAndStrict() throws {
        let harness = try Self.start(ChordExercise(qualities: [.minor], root: try RootNote(parsing: "C"), strict: true))
        let root = try #require(harness.sink.prompts.last?.sounds[0].notes[0]).rawValue
        harness.press(root, after: .seconds(1))
        harness.press(root + 3, after: .milliseconds(40))
        harness.press(root + 7, after: .milliseconds(400))  // too late: the two before were an answer
        #expect(harness.sink.judgements.first?.correct == false)
        #expect(harness.sink.judgements.first?.heardAs == "no chord")
        #expect(harness.sink.judgements.first?.keys.map(\.rawValue) == [root, root + 3])
        harness.release([root, root + 3, root + 7])
        harness.press(root + 15, after: .seconds(1))  // Eb an octave up: not the voicing sounded
        harness.press(root + 19, after: .milliseconds(20))
        harness.press(root + 24, after: .milliseconds(20))
        #expect(harness.sink.judgements.last?.correct == false, "strict wants C Eb G as sounded")
    }
}

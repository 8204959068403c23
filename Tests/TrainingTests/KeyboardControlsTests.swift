import MusicTheory
import Testing
@testable import Training

@Suite struct KeyboardControlsTests {
    let exercise = Exercise.interval(IntervalExercise(root: try! RootNote(parsing: "C3"), intervals: [interval("M3")]))

    @Test("the default mapping: B1 repeats, A1 skips, G1 stops, F1 starts a new session; no pedal is a control")
    func defaultMapping() {
        let range = MIDINote(36)...MIDINote(72)
        let controls = KeyboardControls.standard
        // The sustain pedal holds the sound, as on a piano: it no longer repeats by default.
        for pedal in [64, 66, 67] { #expect(controls.action(forController: pedal) == nil) }
        #expect(controls.action(forKey: MIDINote(35), noteRange: range) == .repeatPrompt)
        #expect(controls.action(forKey: MIDINote(33), noteRange: range) == .skip)
        #expect(controls.action(forKey: MIDINote(31), noteRange: range) == .stop)
        #expect(controls.action(forKey: MIDINote(29), noteRange: range) == .newSession)
        #expect(controls.action(forKey: MIDINote(36), noteRange: range) == nil)
        #expect(controls.action(forKey: MIDINote(34), noteRange: range) == nil)
        // The keys follow the range.
        #expect(controls.action(forKey: MIDINote(47), noteRange: MIDINote(48)...MIDINote(84)) == .repeatPrompt)
    }

    @Test("repeat: the prompt comes again, marked as a repeat, once per pedal press")
    func repeatPrompt() throws {
        let harness = Harness(controls: KeyboardControls([
            .init(.controller(number: 64), .repeatPrompt), .init(.keyBelowRange(semitones: 1), .repeatPrompt),
        ]))
        try harness.engine.start(exercise)
        harness.pedal()
        harness.clock.advance(by: .seconds(1))
        harness.engine.handle(.controlChange(64, value: 127, at: harness.clock.now))
        harness.engine.handle(.controlChange(64, value: 100, at: harness.clock.now))  // still held
        harness.engine.handle(.controlChange(64, value: 0, at: harness.clock.now))
        harness.play(35)
        let prompts = harness.sink.prompts
        #expect(prompts.map(\.isRepeat) == [false, true, true, true])
        #expect(Set(prompts.map(\.question)).count == 1)
        #expect(harness.sink.judgements.isEmpty)
    }

    @Test("skip: the answer is revealed and the next question comes; a scale skips the rest of its round")
    func skip() throws {
        let harness = Harness()
        try harness.engine.start(exercise)
        harness.play(33)
        #expect(harness.sink.reveals.map(\.reason) == [.skipped])
        #expect(harness.sink.prompts.count == 2)

        let scale = Harness()
        try scale.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"))))
        scale.play(48)
        scale.play(50)
        scale.play(33)
        let reveal = try #require(scale.sink.reveals.first)
        #expect(reveal.answers.map(\.spelled.description) == ["E3", "F3", "G3", "A3", "B3", "C4"])
        #expect(reveal.staff.notes.map(\.role) == [.answer, .answer] + Array(repeating: .revealed, count: 6))
        #expect(scale.sink.prompts.map(\.number) == [1, 2])
        scale.engine.perform(.stop)
        let results = try #require(scale.sink.results.first)
        #expect(results.skipped == 1)
        #expect(results.revealed == 0)
        #expect(results.roundsCompleted == 0)
        #expect(results.row(for: .degree(8))?.revealed == 1)
    }

    @Test("stop: the session ends with its results and later notes are not answers")
    func stop() throws {
        let harness = Harness()
        try harness.engine.start(exercise)
        harness.play(52, after: .seconds(3))
        harness.play(31, after: .seconds(2))
        #expect(!harness.engine.isRunning)
        let results = try #require(harness.sink.results.first)
        #expect(results.correct == 1)
        #expect(results.sessionLength == .seconds(5))
        #expect(results.averageResponseTime == .seconds(3))
        #expect(harness.sink.events.last?.sessionTime == .seconds(5))
        harness.play(52)
        #expect(harness.sink.judgements.count == 1)
    }

    @Test("new session: starts the last exercise again, ending a running session first")
    func newSession() throws {
        let harness = Harness()
        harness.play(29)  // nothing to restart yet
        #expect(harness.sink.events.isEmpty)
        try harness.engine.start(exercise)
        harness.play(29)
        #expect(harness.sink.names == ["started", "prompt", "ended", "started", "prompt"])
        harness.play(31)
        harness.play(29)
        #expect(harness.sink.starts.map(\.exercise) == [exercise, exercise, exercise])
        #expect(harness.engine.isRunning)
    }

    @Test("a custom mapping: fixed keys and the soft pedal; with no controls every key is an answer")
    func customMapping() throws {
        let controls = KeyboardControls([
            .init(.key(note: MIDINote(96)), .stop),
            .init(.controller(number: 67), .skip),
        ])
        let harness = Harness(controls: controls)
        try harness.engine.start(exercise)
        harness.pedal(67)
        harness.pedal(64)  // not bound now
        #expect(harness.sink.reveals.count == 1)
        #expect(harness.sink.prompts.count == 2)
        harness.play(96)
        #expect(harness.sink.results.count == 1)

        let plain = Harness(controls: .none)
        try plain.engine.start(exercise)
        plain.play(35)
        #expect(plain.sink.judgements.map(\.played) == [MIDINote(35)])
    }
}

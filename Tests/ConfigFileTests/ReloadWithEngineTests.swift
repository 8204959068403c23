import ConfigFile
import Logging
import MusicTheory
import Testing
import Training

final class StepClock: TrainingClock {
    var now: Duration = .zero
}

final class PromptSink: TrainingEventSink {
    var prompts: [Prompt] = []
    func receive(_ event: TrainingEvent) {
        if case .prompt(let prompt) = event.kind { prompts.append(prompt) }
    }
}

@Suite("A reload reaches the engine at its next prompt")
struct ReloadWithEngineTests {
    @Test("the prompt after a SIGHUP reload is sounded with the new settings; a bad file changes nothing")
    func nextPrompt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("e.toml", "[training]\nreference_pitch = 440\n")
        let reloader = try ConfigReloader(
            loading: .commandLine(path), logger: Logger(label: "t", factory: { _ in SwiftLogNoOpLogHandler() }))
        let clock = StepClock()
        let sink = PromptSink()
        let engine = TrainingEngine(settings: reloader, clock: clock, random: SeededRandom(seed: 1), sink: sink)
        try engine.start(.scale(ScaleExercise(mode: .ionian, root: try RootNote(parsing: "C"))))
        #expect(sink.prompts.last?.settings.referencePitch.hertz == 440)

        _ = try directory.write("e.toml", "[training]\nreference_pitch = 415\nvary_loudness = 0.25\n")
        #expect(reloader.reload() == .applied(changed: ["training"]))
        for note in [48, 50, 52, 53, 55, 57, 59, 60] {  // C major to the octave: the next round's prompt
            clock.now += .seconds(1)
            engine.handle(.noteOn(MIDINote(note), at: clock.now))
        }
        #expect(sink.prompts.count == 2)
        #expect(sink.prompts.last?.settings.referencePitch.hertz == 415)
        #expect(sink.prompts.last?.settings.varyLoudness == 0.25)

        _ = try directory.write("e.toml", "[training]\nreference_pitch = 4150\n")
        guard case .rejected = reloader.reload() else {
            Issue.record("4150 Hz was applied")
            return
        }
        for note in [48, 50, 52, 53, 55, 57, 59, 60] {
            clock.now += .seconds(1)
            engine.handle(.noteOn(MIDINote(note), at: clock.now))
        }
        #expect(sink.prompts.count == 3)
        #expect(sink.prompts.last?.settings.referencePitch.hertz == 415)
    }
}

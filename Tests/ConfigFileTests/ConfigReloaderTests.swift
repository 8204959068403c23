import ConfigFile
import Logging
import MusicTheory
import Testing
import Training

@Suite("Reloading the config on SIGHUP")
struct ConfigReloaderTests {
    let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    @Test("a valid file applies, and the engine's settings source reads the new values")
    func validReload() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("e.toml", "[training]\nreference_pitch = 440\n")
        let reloader = try ConfigReloader(loading: .commandLine(path), logger: logger)
        let source: any TrainingSettingsSource = reloader
        #expect(source.current.referencePitch.hertz == 440)

        _ = try directory.write("e.toml", "[training]\nreference_pitch = 415\ntuning = \"just\"\n")
        #expect(reloader.reload() == .applied(changed: ["training"]))
        #expect(source.current.referencePitch.hertz == 415)
        #expect(source.current.tuningSystem == .justIntonation)
        #expect(reloader.reload() == .applied(changed: []))
    }

    @Test("an invalid file is reported and the old config stays in force")
    func invalidReload() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("e.toml", "[training]\nreference_pitch = 415\n")
        let reloader = try ConfigReloader(loading: .commandLine(path), logger: logger)
        let before = reloader.config

        _ = try directory.write("e.toml", "[training]\nreference_pitch = 415\nvary_loudness = 2\n")
        guard case .rejected(let error) = reloader.reload() else {
            Issue.record("an out-of-range value was applied")
            return
        }
        #expect(error.description == "\(path):3: training.vary_loudness: 2 is out of range 0…1")
        #expect(reloader.config == before)
        #expect(reloader.current.referencePitch.hertz == 415)

        try FileManagerShim.remove(path)
        guard case .rejected(let missing) = reloader.reload() else {
            Issue.record("a deleted file was applied")
            return
        }
        #expect(missing.kind == .unreadable)
        #expect(reloader.config == before)
    }

    @Test("start-up with an invalid file fails with the error (the daemon exits 78)")
    func invalidAtStart() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("e.toml", "[midi]\nkeyboard = \"x\"\n")
        #expect {
            _ = try ConfigReloader(loading: .commandLine(path), logger: logger)
        } throws: { error in
            (error as? ConfigError)?.description.hasPrefix("\(path):2: midi.keyboard: unknown key") == true
        }
    }

    @Test("the training section maps to the engine's settings and default exercise")
    func trainingMapping() throws {
        let config = try ConfigLoader.parse(
            """
            [training]
            lowest_note = "E2"
            highest_note = "E4"
            note_duration = 1.5
            exercise = "interval"
            [training.interval]
            root = "A2"
            intervals = ["P5"]
            """, file: "t.toml")
        let settings = config.training.settings
        #expect(settings.noteRange == MIDINote(40)...MIDINote(64))
        #expect(settings.noteDuration == .milliseconds(1500))
        guard let exercise = config.training.defaultExercise.options(as: IntervalExercise.self) else {
            Issue.record("expected an interval exercise")
            return
        }
        let a2 = try RootNote(parsing: "A2")
        let fifth = try SpelledInterval(parsing: "P5")
        #expect(exercise.root == a2)
        #expect(exercise.intervals == [fifth])
        guard let scale = EartrainerConfig.defaults.training.defaultExercise.options(as: ScaleExercise.self) else {
            Issue.record("the default exercise should be a scale")
            return
        }
        #expect(scale.mode == .ionian)
    }
}

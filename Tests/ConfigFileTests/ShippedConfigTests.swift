import ConfigFile
import MusicTheory
import Testing
import Training

@Suite("The shipped config file")
struct ShippedConfigTests {
    @Test("config/eartrainer.toml loads to exactly the built-in defaults")
    func shippedEqualsDefaults() throws {
        let config = try ConfigLoader.load(file: repositoryRoot + "/config/eartrainer.toml")
        #expect(config == EartrainerConfig.defaults)
    }

    @Test("an empty file is the built-in defaults")
    func emptyFile() throws {
        #expect(try ConfigLoader.parse("", file: "empty.toml") == .defaults)
    }

    @Test("the defaults are the cello settings")
    func defaultsAreSeedSettings() {
        let settings = EartrainerConfig.defaults.training.settings
        #expect(settings.noteRange == MIDINote(36)...MIDINote(72))
        #expect(settings.noteDuration == .seconds(1))
        #expect(settings.referencePitch == .standard)
        #expect(settings.tuningSystem == .equalTemperament)
        #expect(settings.soundSource == .cello)
        #expect(settings.varyLoudness == 0)
        #expect(EartrainerConfig.defaults.midi.controls == .standard)
        #expect(EartrainerConfig.defaults.socket.mode == 0o660)
        #expect(EartrainerConfig.defaults.socket.maxClients == 64)
        #expect(EartrainerConfig.defaults.storage.profile == "default")
    }

    @Test("audio.device is kept as written: an ALSA device, a piece of a sound card's name, a WAV file's path",
          arguments: [("alsa", "default"), ("alsa", "plughw:CARD=Device,DEV=0"), ("alsa", "USB Audio"), ("jack", "default"),
                      ("file", "/var/lib/eartrainer/lesson.wav")])
    func audioDevice(driver: String, device: String) throws {
        let config = try ConfigLoader.parse("[audio]\ndriver = \"\(driver)\"\ndevice = \"\(device)\"\n", file: "audio.toml")
        #expect(config.audio.driver.rawValue == driver && config.audio.device == device)
    }

    @Test("every key of every section is read when given")
    func everyKeyRead() throws {
        let config = try ConfigLoader.parse(
            """
            [midi]
            keyboards = ["Keystation", "24:0"]
            [midi.controls]
            repeat = ["cc:67"]
            repeat_cadence = ["key:B0"]
            repeat_notes = []
            skip = []
            stop = ["key:A0"]
            menu = ["cc:66"]
            [audio]
            soundfont = "/srv/cello.sf2"
            preset_bank = 1
            preset_program = 40
            driver = "pulseaudio"
            device = "hw:1,0"
            period_size = 256
            periods = 2
            sample_rate = 44100
            [training]
            lowest_note = "E1"
            highest_note = 67
            note_duration = 0.75
            reference_pitch = 415
            tuning = "just"
            sound_source = "sine"
            vary_loudness = 0.5
            prompt_gap = 0.5
            harmonic_intervals = true
            scale_model_answer = true
            exercise = "interval"
            [training.library]
            paths = ["/srv/scores", "/home/anna/minuet.mxl"]
            [training.scale]
            mode = "dorian"
            root = "D"
            matching = "exact-octave"
            random_root_each_round = true
            random_mode_each_round = true
            [training.interval]
            root = "Eb3"
            intervals = ["m3", "P5", "M9"]
            direction = "descending"
            matching = "exact-octave"
            tries_before_reveal = 1
            adaptive = false
            echo_answer = false
            [socket]
            path = "/run/x.sock"
            mode = 0o600
            max_clients = 8
            control_group = "audio"
            [storage]
            database = "/var/lib/x.sqlite"
            profile = "anna"
            """, file: "all.toml")
        #expect(config.midi.keyboards == ["Keystation", "24:0"])
        #expect(config.midi.controls == KeyboardControls([
            .init(.controller(number: 67), .repeatPrompt), .init(.key(note: MIDINote(23)), .repeatCadence), .init(.key(note: MIDINote(21)), .stop),
            .init(.keyBelowRange(semitones: 7), .newSession), .init(.controller(number: 66), .menu),
        ]))
        #expect(config.audio == AudioConfig(
            soundFont: "/srv/cello.sf2", presetBank: 1, presetProgram: 40, driver: .pulseaudio, device: "hw:1,0",
            periodSize: 256, periods: 2, sampleRate: 44100))
        let training = config.training
        #expect(training.libraryPaths == ["/srv/scores", "/home/anna/minuet.mxl"])
        #expect(throws: ConfigError.self) { try ConfigLoader.parse("[training.library]\npaths = [\"scores\"]\n", file: "relative.toml") }
        #expect(training.settings.noteRange.lowerBound == MIDINote(28) && training.settings.noteRange.upperBound == MIDINote(67))
        #expect(training.settings.noteDuration == .milliseconds(750))
        #expect(training.settings.referencePitch.hertz == 415)
        #expect(training.settings.tuningSystem == .justIntonation && training.settings.soundSource == .sine)
        #expect(training.settings.varyLoudness == 0.5 && training.exercise == .interval)
        let settings = training.settings
        #expect(settings.promptGap == .milliseconds(500) && settings.harmonicIntervals && settings.scaleModelAnswer)
        let d = try RootNote(parsing: "D")
        let eFlat3 = try RootNote(parsing: "Eb3")
        let intervals = try ["m3", "P5", "M9"].map { try SpelledInterval(parsing: $0) }
        #expect(training.scale == ScaleExercise(
            mode: .dorian, root: d, matching: .exactOctave, newRandomRootEachRound: true,
            newRandomModeEachRound: true))
        #expect(training.interval == IntervalExercise(
            root: eFlat3, intervals: intervals,
            direction: .descending, matching: .exactOctave, triesBeforeReveal: 1, adaptive: false, echoAnswer: false))
        #expect(config.socket == SocketConfig(path: "/run/x.sock", mode: 0o600, maxClients: 8, controlGroup: "audio"))
        #expect(config.storage == StorageConfig(database: "/var/lib/x.sqlite", profile: "anna"))
    }
}

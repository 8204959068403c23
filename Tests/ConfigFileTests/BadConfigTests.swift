import Foundation
import ConfigFile
import Testing

/// One refused file: the text, and the kind, line, key and words its error must carry.
struct BadConfig: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let kind: ConfigError.Kind
    let line: Int
    let key: String?
    let words: String

    var testDescription: String { name }
}

@Suite("Refused config files name the file, the line and the key")
struct BadConfigTests {
    static let cases: [BadConfig] = [
        BadConfig(name: "unknown key in a section", text: "[training]\nlowest_note = \"C2\"\nrefrence_pitch = 440\n",
                  kind: .unknownKey, line: 3, key: "training.refrence_pitch", words: "unknown key in [training]"),
        BadConfig(name: "unknown section", text: "# comment\n\n[trainig]\nexercise = \"scale\"\n",
                  kind: .unknownKey, line: 3, key: "trainig", words: "unknown key at the top level"),
        BadConfig(name: "unknown key in a sub-table", text: "[training.interval]\nadaptive = true\ntries = 2\n",
                  kind: .unknownKey, line: 3, key: "training.interval.tries", words: "unknown key"),
        BadConfig(name: "unknown key as a dotted key", text: "[socket]\nmode = 0o600\n\n[training]\nscale.colour = \"red\"\n",
                  kind: .unknownKey, line: 5, key: "training.scale.colour", words: "unknown key"),
        BadConfig(name: "unknown key in an inline table", text: "# inline\naudio = { driver = \"alsa\", volume = 3 }\n",
                  kind: .unknownKey, line: 2, key: "audio.volume", words: "unknown key"),
        BadConfig(name: "string where a number goes", text: "[training]\n\nreference_pitch = \"440\"\n",
                  kind: .wrongType, line: 3, key: "training.reference_pitch", words: "expected a number, found a string"),
        BadConfig(name: "number where a string goes", text: "[storage]\nprofile = 7\n",
                  kind: .wrongType, line: 2, key: "storage.profile", words: "expected a string, found an integer"),
        BadConfig(name: "float where an integer goes", text: "[socket]\nmax_clients = 6.5\n",
                  kind: .wrongType, line: 2, key: "socket.max_clients", words: "expected an integer"),
        BadConfig(name: "string where a boolean goes", text: "[training.interval]\nadaptive = \"yes\"\n",
                  kind: .wrongType, line: 2, key: "training.interval.adaptive", words: "expected true or false"),
        BadConfig(name: "value where a section goes", text: "midi = 5\n",
                  kind: .wrongType, line: 1, key: "midi", words: "expected a table, found an integer"),
        BadConfig(name: "number inside a string array", text: "[training.interval]\nintervals = [\n  \"m3\",\n  5,\n]\n",
                  kind: .wrongType, line: 4, key: "training.interval.intervals[1]", words: "expected a string"),
        BadConfig(name: "reference pitch out of range", text: "[training]\nreference_pitch = 600\n",
                  kind: .invalidValue, line: 2, key: "training.reference_pitch", words: "600 is out of range 380…500"),
        BadConfig(name: "vary-loudness out of range", text: "[training]\nvary_loudness = 1.5\n",
                  kind: .invalidValue, line: 2, key: "training.vary_loudness", words: "out of range 0…1"),
        BadConfig(name: "prompt gap out of range", text: "[training]\nprompt_gap = -1\n",
                  kind: .invalidValue, line: 2, key: "training.prompt_gap", words: "out of range 0…5"),
        BadConfig(name: "model answer not a boolean", text: "[training]\nscale_model_answer = \"yes\"\n",
                  kind: .wrongType, line: 2, key: "training.scale_model_answer", words: "expected true or false, found a string"),
        BadConfig(name: "note duration out of range", text: "[training]\nnote_duration = 0.01\n",
                  kind: .invalidValue, line: 2, key: "training.note_duration", words: "out of range"),
        BadConfig(name: "max clients out of range", text: "[socket]\nmax_clients = 0\n",
                  kind: .invalidValue, line: 2, key: "socket.max_clients", words: "0 is out of range 1…1024"),
        BadConfig(name: "socket mode beyond 0o777", text: "[socket]\nmode = 0o1777\n",
                  kind: .invalidValue, line: 2, key: "socket.mode", words: "out of range"),
        BadConfig(name: "not a note", text: "[training]\nlowest_note = \"H2\"\n",
                  kind: .invalidValue, line: 2, key: "training.lowest_note", words: "'H2' is not a note"),
        BadConfig(name: "note range under an octave", text: "[training]\nlowest_note = \"C3\"\nhighest_note = \"G3\"\n",
                  kind: .invalidValue, line: 3, key: "training.highest_note", words: "less than an octave"),
        BadConfig(name: "unknown mode", text: "[training.scale]\nmode = \"hypodorian\"\n",
                  kind: .invalidValue, line: 2, key: "training.scale.mode", words: "'hypodorian' is not a mode"),
        BadConfig(name: "unknown tuning", text: "[training]\ntuning = \"meantone\"\n",
                  kind: .invalidValue, line: 2, key: "training.tuning", words: "'meantone' is not one of 'equal', 'just', 'pythagorean'"),
        BadConfig(name: "unknown sound source", text: "[training]\nsound_source = \"organ\"\n",
                  kind: .invalidValue, line: 2, key: "training.sound_source", words: "'cello', 'sine'"),
        BadConfig(name: "bad interval in the set", text: "[training.interval]\nintervals = [\"m3\", \"X4\"]\n",
                  kind: .invalidValue, line: 2, key: "training.interval.intervals[1]", words: "'X4' is not an interval"),
        BadConfig(name: "empty interval set", text: "[training.interval]\nintervals = []\n",
                  kind: .invalidValue, line: 2, key: "training.interval.intervals", words: "must not be empty"),
        BadConfig(name: "tries out of range", text: "[training.interval]\ntries_before_reveal = 0\n",
                  kind: .invalidValue, line: 2, key: "training.interval.tries_before_reveal", words: "out of range 1…20"),
        BadConfig(name: "a dictation's tempo out of range", text: "[training.dictation]\nrhythm = true\ntempo = 500\n",
                  kind: .invalidValue, line: 3, key: "training.dictation.tempo", words: "500 is out of range 40…200"),
        BadConfig(name: "a dictation's unknown meter", text: "[training.dictation]\nmeter = \"5/4\"\n",
                  kind: .invalidValue, line: 2, key: "training.dictation.meter", words: "'5/4' is not one of"),
        BadConfig(name: "a dictation's rhythm not a boolean", text: "[training.dictation]\nrhythm = \"yes\"\n",
                  kind: .wrongType, line: 2, key: "training.dictation.rhythm", words: "expected true or false"),
        BadConfig(name: "rhythm durations not a boolean", text: "[training.rhythm]\ndurations = 1\n",
                  kind: .wrongType, line: 2, key: "training.rhythm.durations", words: "expected true or false"),
        BadConfig(name: "bad control trigger", text: "[midi.controls]\nskip = [\"pedal\"]\n",
                  kind: .invalidValue, line: 2, key: "midi.controls.skip[0]", words: "not a control trigger"),
        BadConfig(name: "bad profile name", text: "[storage]\nprofile = \"a b\"\n",
                  kind: .invalidValue, line: 2, key: "storage.profile", words: "not a profile name"),
        BadConfig(name: "empty driver", text: "[audio]\ndriver = \"\"\n",
                  kind: .invalidValue, line: 2, key: "audio.driver", words: "'' is not one of 'auto', 'alsa'"),
        BadConfig(name: "blank audio device", text: "[audio]\ndevice = \"  \"\n",
                  kind: .invalidValue, line: 2, key: "audio.device", words: "a piece of a sound card's name (\"USB Audio\")"),
        BadConfig(name: "unknown audio driver", text: "[audio]\ndriver = \"pipewire\"\n",
                  kind: .invalidValue, line: 2, key: "audio.driver", words: "'pipewire' is not one of 'auto', 'alsa', 'pulseaudio', 'jack', 'file'"),
        BadConfig(name: "blank keyboard pattern", text: "[midi]\nkeyboards = [\"Keystation\", \" \"]\n",
                  kind: .invalidValue, line: 2, key: "midi.keyboards[1]", words: "must not be empty"),
        BadConfig(name: "program out of range", text: "[audio]\npreset_program = 128\n",
                  kind: .invalidValue, line: 2, key: "audio.preset_program", words: "128 is out of range 0…127"),
        BadConfig(name: "a multi-line string before the key does not shift its line",
                  text: "[audio]\ndevice = \"\"\"\nhw:1,\n0\"\"\"\nperiods = 1\n",
                  kind: .invalidValue, line: 5, key: "audio.periods", words: "out of range 2…64"),
        BadConfig(name: "CRLF line ends and trailing comments", text: "# x\r\n[socket] # s\r\nmode = 0o600 # m\r\nmax_clients = 0 # c\r\n",
                  kind: .invalidValue, line: 4, key: "socket.max_clients", words: "0 is out of range"),
        BadConfig(name: "an array of tables where none belongs", text: "[midi]\n\n[[audio]]\ndriver = \"alsa\"\n",
                  kind: .wrongType, line: 3, key: "audio", words: "expected a table, found an array"),
        BadConfig(name: "quoted keys", text: "[\"training\"]\n'lowest_note' = \"C2\"\n\"vary loudness\" = 1\n",
                  kind: .unknownKey, line: 3, key: "training.vary loudness", words: "unknown key"),
        BadConfig(name: "a scale that cannot be spelled", text: "[training.scale]\nroot = \"Fbb\"\nmode = \"locrian\"\n",
                  kind: .invalidValue, line: 2, key: "training.scale.root", words: "Fbb locrian cannot be spelled"),
        BadConfig(name: "missing value", text: "[training]\n\nexercise =\n",
                  kind: .syntax, line: 3, key: nil, words: "syntax error"),
        BadConfig(name: "unclosed string", text: "[audio]\ndriver = \"alsa\ndevice = \"x\"\n",
                  kind: .syntax, line: 2, key: nil, words: "syntax error"),
        BadConfig(name: "duplicate key", text: "[socket]\nmode = 0o600\nmode = 0o640\n",
                  kind: .syntax, line: 3, key: nil, words: "syntax error"),
    ]

    @Test("each bad file is refused with file, line, key and reason", arguments: cases)
    func refused(_ bad: BadConfig) {
        #expect {
            _ = try ConfigLoader.parse(bad.text, file: "/etc/eartrainer/eartrainer.toml")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            let text = error.description
            let keyPart = bad.key.map { "\($0): " } ?? ""
            #expect(error.kind == bad.kind, "\(text)")
            #expect(error.line == bad.line, "\(text)")
            #expect(error.key == bad.key, "\(text)")
            #expect(text.hasPrefix("/etc/eartrainer/eartrainer.toml:\(bad.line)"), "\(text)")
            if !keyPart.isEmpty { #expect(text.contains(": " + keyPart), "\(text)") }
            #expect(text.contains(bad.words), "\(text)")
            return error.kind == bad.kind && error.line == bad.line && error.key == bad.key
        }
    }

    @Test("a file that cannot be read is refused with its path and the system's reason")
    func unreadable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.path + "/missing.toml"
        let result = ConfigLoader.check(file: missing)
        guard case .failure(let error) = result else {
            Issue.record("a missing file was accepted")
            return
        }
        #expect(error.kind == .unreadable)
        #expect(error.description == "\(missing): cannot read: No such file or directory")
        guard case .failure(let directoryError) = ConfigLoader.check(file: directory.path) else {
            Issue.record("a directory was accepted")
            return
        }
        #expect(directoryError.description == "\(directory.path): cannot read: Is a directory")
    }

    @Test("a file that is not UTF-8 is refused")
    func notUTF8() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/latin1.toml"
        try Data([0x5B, 0x61, 0x5D, 0x0A, 0x78, 0x20, 0x3D, 0x20, 0x22, 0xE9, 0x22, 0x0A]).write(to: URL(fileURLWithPath: path))
        guard case .failure(let error) = ConfigLoader.check(file: path) else {
            Issue.record("a Latin-1 file was accepted")
            return
        }
        #expect(error.kind == .syntax)
        #expect(error.description.hasPrefix(path + ": "))
    }

    @Test("syntax errors carry toml++'s column as well")
    func syntaxColumn() {
        do {
            _ = try ConfigLoader.parse("[audio]\nperiods = = 3\n", file: "f.toml")
            Issue.record("accepted")
        } catch {
            #expect(error.line == 2)
            #expect(error.column != nil)
            #expect(error.description.hasPrefix("f.toml:2:\(error.column ?? -1): syntax error: "))
        }
    }

    @Test("the exit status for a refused config is EX_CONFIG, 78")
    func exitCode() {
        #expect(ConfigError.exitCode == 78)
    }
}

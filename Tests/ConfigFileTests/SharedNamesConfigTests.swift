import ConfigFile
import MusicTheory
import Testing
import Training

/// The config file's names for the shared enums: each key takes the enum's names and refuses
/// anything else as `FILE:LINE: KEY: 'x' is not one of …`.
@Suite("The config file's exercise, sound, tuning, matching and direction are the shared enums")
struct SharedNamesConfigTests {
    static let file = "/etc/eartrainer/eartrainer.toml"

    @Test("an unknown name is refused at its line with every name accepted", arguments: [
        ("[training]\nexercise = \"chords\"\n", "training.exercise", "'chords' is not one of \(ExerciseKind.names.map { "'\($0)'" }.joined(separator: ", "))"),
        ("[training]\nsound_source = \"viola\"\n", "training.sound_source", "'viola' is not one of 'cello', 'sine'"),
        ("[training.scale]\nmatching = \"octave\"\n", "training.scale.matching", "'octave' is not one of 'pitch-class', 'exact-octave'"),
        ("[training.interval]\nmatching = \"exact\"\n", "training.interval.matching", "'exact' is not one of 'pitch-class', 'exact-octave'"),
        ("[training.interval]\ndirection = \"down\"\n", "training.interval.direction", "'down' is not one of 'ascending', 'descending'"),
        ("[training]\ntuning = \"meantone\"\n", "training.tuning", "'meantone' is not one of 'equal', 'just', 'pythagorean'"),
        ("[training]\nclef = \"soprano\"\n", "training.clef", "'soprano' is not one of 'auto', 'bass', 'treble', 'grand'"),
    ])
    func refused(text: String, key: String, message: String) {
        #expect {
            _ = try ConfigLoader.parse(text, file: Self.file)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.kind == .invalidValue && error.description.hasPrefix("\(Self.file):2: \(key): ")
                && error.description.contains(message)
        }
    }

    @Test("every name is read as its case", arguments: ExerciseKind.allCases)
    func exercise(kind: ExerciseKind) throws {
        #expect(try ConfigLoader.parse("[training]\nexercise = \"\(kind.rawValue)\"\n", file: Self.file).training.exercise == kind)
    }

    @Test("sound source, matching and direction by name")
    func names() throws {
        for source in SoundSource.allCases {
            let config = try ConfigLoader.parse("[training]\nsound_source = \"\(source.rawValue)\"\n", file: Self.file)
            #expect(config.training.settings.soundSource == source)
            #expect(config.training.settings.soundSource == source)
        }
        for matching in AnswerMatching.allCases {
            let scale = try ConfigLoader.parse("[training.scale]\nmatching = \"\(matching.rawValue)\"\n", file: Self.file)
            #expect(scale.training.scale.matching == matching)
            let text = "[training.interval]\nmatching = \"\(matching.rawValue)\"\n"
            if matching == .inDirection {
                #expect(throws: ConfigError.self, "in-direction is a scale's") { try ConfigLoader.parse(text, file: Self.file) }
            } else {
                #expect(try ConfigLoader.parse(text, file: Self.file).training.interval.matching == matching)
            }
        }
        for direction in IntervalDirection.allCases {
            let config = try ConfigLoader.parse("[training.interval]\ndirection = \"\(direction.rawValue)\"\n", file: Self.file)
            #expect(config.training.interval.direction == direction)
        }
    }
}

@Suite("training.clef")
struct ClefConfigTests {
    @Test("read into the settings the status names; auto when absent")
    func clef() throws {
        #expect(try ConfigLoader.parse("[training]\nclef = \"Treble\"\n", file: "x.toml").training.settings.clef == .treble)
        #expect(try ConfigLoader.parse("", file: "x.toml").training.settings.clef == .auto)
    }
}

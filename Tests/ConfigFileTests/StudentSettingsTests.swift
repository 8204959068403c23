import ConfigFile
import Foundation
import Logging
import Testing
import Training

/// The student's layer over the config file: set, kept across restarts, checked by the file's
/// rules, handed back with a reset, and shown with where each value comes from.
@Suite("Student settings")
struct StudentSettingsTests {
    static let logger = Logger(label: "test")

    static func reloader(_ directory: TemporaryDirectory, file text: String) throws -> ConfigReloader {
        let file = try directory.write("eartrainer.toml", text)
        let source = ConfigSource.commandLine(file)
        return ConfigReloader(source: source, initial: try ConfigLoader.load(source), logger: logger,
                              studentPath: directory.path + "/state/student.toml")
    }

    @Test("a setting overrides the file, survives a restart and a reload of the file, and a reset hands it back")
    func setKeepReset() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try Self.reloader(directory, file: "[training]\ntuning = \"pythagorean\"\nreference_pitch = 415\n")
        #expect(try first.setStudent("tuning", toTOML: "\"just_intonation\"") == ["training"])
        try first.setStudent("voice.rate", toTOML: "220")
        #expect(first.config.training.settings.tuningSystem == .justIntonation)
        #expect(first.config.training.settings.referencePitch.hertz == 415, "the file's other values stay")

        let restarted = try Self.reloader(directory, file: "[training]\ntuning = \"pythagorean\"\nreference_pitch = 442\n")
        #expect(restarted.config.training.settings.tuningSystem == .justIntonation)
        #expect(restarted.config.voice.rate == 220)
        #expect(restarted.config.training.settings.referencePitch.hertz == 442)
        restarted.reload()
        #expect(restarted.config.training.settings.tuningSystem == .justIntonation, "a reload of the file keeps the student's")

        let origins = Dictionary(uniqueKeysWithValues: restarted.origins().map { ($0.key, ($0.value, $0.origin)) })
        #expect(origins["training.tuning"]! == ("\"just\"", .student))
        #expect(origins["training.reference_pitch"]! == ("442", .file))
        #expect(origins["training.sound_source"]! == ("\"cello\"", .default))
        #expect(origins["voice.rate"]! == ("220", .student))

        try restarted.setStudent("training.tuning", toTOML: nil)
        #expect(restarted.config.training.settings.tuningSystem == .pythagorean)
        let text = try String(contentsOfFile: directory.path + "/state/student.toml", encoding: .utf8)
        #expect(!text.contains("tuning") && text.contains("voice.rate = 220"))
    }

    @Test("bad values and keys are refused with the reason, and nothing changes", arguments: [
        ("tuning", "\"meantone\"", "'just'"),
        ("reference_pitch", "9000", "reference_pitch"),
        ("voice.rate", "\"fast\"", "integer"),
        ("audio.driver", "\"jack\"", "not a setting a student can change"),
        ("rate", "\"x\"", "integer"),
        ("nonsense", "1", "training.tuning, training.reference_pitch"),
    ])
    func refused(key: String, value: String, words: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let reloader = try Self.reloader(directory, file: "")
        #expect {
            try reloader.setStudent(key, toTOML: value)
        } throws: { error in
            #expect("\(error)".contains(words), "\(error)")
            return error is ConfigError
        }
        #expect(reloader.config == .defaults)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/state/student.toml"))
    }

    @Test("a student file that is not valid is set aside, not applied, and not lost")
    func badFileSetAside() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path + "/state", withIntermediateDirectories: true)
        _ = try directory.write("state/student.toml", "training.tuning = \"meantone\"\n")
        let reloader = try Self.reloader(directory, file: "")
        #expect(reloader.config == .defaults)
        #expect(try String(contentsOfFile: directory.path + "/state/student.toml.rejected", encoding: .utf8).contains("meantone"))

        _ = try directory.write("state/student.toml", "audio.driver = \"jack\"\n")
        #expect(try Self.reloader(directory, file: "").config == .defaults, "a key that is not the student's")
    }

    @Test("strings are quoted and escaped as TOML; numbers are written as TOML writes them")
    func tomlText() {
        #expect(StudentSettings.tomlText(string: "a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u0001""#)
        #expect(StudentSettings.number(442) == "442")
        #expect(StudentSettings.number(0.25) == "0.25")
    }
}

import ArgumentParser
import ControlProtocol

/// `eartrainctl set KEY VALUE`: one of the student's settings, kept across restarts over the
/// config file; `--reset KEY` hands it back to the file.
struct SetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change a student setting (tuning, reference pitch, sound, voice), kept across restarts.",
        discussion: "Keys: \(SetCommand.keys). A key's last part is enough (tuning). `eartrainctl config` shows them all.")

    static let keys = "training.tuning, training.reference_pitch, training.sound_source, training.note_duration, "
        + "training.vary_loudness, voice.speak, voice.language, voice.voice, voice.rate, voice.volume, voice.cues"

    @Argument(help: "The setting, such as tuning or voice.rate.") var key: String
    @Argument(help: "Its value, as in the config file: just, 442, sine, off.") var value: String?
    @Flag(help: "Hand the setting back to the config file.") var reset = false
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if reset == (value != nil) { throw ValidationError("give a value, or --reset") }
    }

    func run() async throws {
        let params = SettingsSetParams(key: key, value: value.map(Self.jsonValue), reset: reset ? true : nil)
        let entry = try await connection.call(Method.settingsSet.rawValue, params: Wire.value(params))
        print(connection.json ? Wire.encode(entry) : ConfigCommand.line(try Wire.decode(SettingEntry.self, from: entry)))
    }

    /// A command-line value as the config file would hold it: a number, a boolean or a string.
    static func jsonValue(_ text: String) -> JSONValue {
        if let number = Double(text), number.isFinite { return .number(number) }
        if text == "true" || text == "false" { return .bool(text == "true") }
        return .string(text)
    }
}

/// `eartrainctl config`: every setting a student can change, its value and where it comes from.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Show the student settings in force and where each comes from (student, file, default).")
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let result = try await connection.call(Method.settingsGet.rawValue)
        guard !connection.json else { return print(Wire.encode(result)) }
        let settings = try Wire.decode(SettingsResult.self, from: result)
        for entry in settings.settings { print(Self.line(entry)) }
        print("# config file: \(settings.configFile ?? "none (built-in defaults)")")
        print("# student settings: \(settings.studentFile ?? "not kept (no state directory)")")
    }

    /// `training.tuning = "just"  # student`
    static func line(_ entry: SettingEntry) -> String {
        let assignment = "\(entry.key) = \(entry.value)"
        return assignment.padding(toLength: max(assignment.count, 40), withPad: " ", startingAt: 0) + "# \(entry.origin)"
    }
}

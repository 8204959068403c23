import MusicTheory
import Training

/// What the student sets from the keys or with `eartrainctl set`, kept across restarts in the
/// state directory (`student.toml`). It overrides the config file, which stays the
/// administrator's defaults: a reload of the file keeps the student's choices, and
/// `eartrainctl set --reset KEY` hands a key back to the file.
///
/// The file is TOML with dotted keys (`training.tuning = "just_intonation"`), read by the same
/// parser as the config file, so a value is checked by the same rules and refused with the same
/// words.
public struct StudentSettings: Sendable, Hashable {
    /// A key the student may set, and how its value is carried from a parsed file into a config.
    public struct Key: Sendable {
        public let name: String
        let copy: @Sendable (inout EartrainerConfig, EartrainerConfig) -> Void
        /// The key's value in a config, as TOML text.
        public let value: @Sendable (EartrainerConfig) -> String

        init<Value>(_ name: String, _ path: WritableKeyPath<EartrainerConfig, Value> & Sendable,
                    _ text: @escaping @Sendable (Value) -> String) {
            self.name = name
            copy = { target, source in target[keyPath: path] = source[keyPath: path] }
            value = { config in text(config[keyPath: path]) }
        }

        /// Its place in a parsed file: `["training", "tuning"]`.
        var path: [String] { name.split(separator: ".").map(String.init) }
    }

    /// Every key a student may set: how the notes sound, the keys their keyboard has (the note
    /// range, from the keyboard menu's keys page) and how the voice speaks. What decides
    /// the box itself (devices, socket, storage, controls) stays the administrator's.
    public static let keys: [Key] = [
        Key("training.tuning", \.training.settings.tuningSystem) { tomlText(string: $0.rawValue) },
        Key("training.reference_pitch", \.training.settings.referencePitch) { number($0.hertz) },
        Key("training.sound_source", \.training.settings.soundSource) { tomlText(string: $0.rawValue) },
        Key("training.lowest_note", \.training.settings.lowestNote) { tomlText(string: $0.spelled.description) },
        Key("training.highest_note", \.training.settings.highestNote) { tomlText(string: $0.spelled.description) },
        Key("training.note_duration", \.training.settings.noteDuration) { number($0.seconds) },
        Key("training.vary_loudness", \.training.settings.varyLoudness) { number($0) },
        Key("training.names", \.training.settings.noteNaming) { tomlText(string: $0.rawValue) },
        Key("training.drone", \.training.settings.drone) { tomlText(string: $0.rawValue) },
        Key("voice.speak", \.voice.speak) { tomlText(string: $0.rawValue) },
        Key("voice.language", \.voice.language) { tomlText(string: $0) },
        Key("voice.voice", \.voice.voice) { tomlText(string: $0) },
        Key("voice.rate", \.voice.rate) { String($0) },
        Key("voice.volume", \.voice.volume) { number($0) },
        Key("voice.cues", \.voice.cues) { tomlText(string: $0.rawValue) },
    ]

    /// The key named `name`: its dotted name, or its last part when only one key ends so
    /// (`tuning` for `training.tuning`).
    public static func key(named name: String) -> Key? {
        if let exact = keys.first(where: { $0.name == name }) { return exact }
        let matches = keys.filter { $0.name.split(separator: ".").last.map(String.init) == name }
        return matches.count == 1 ? matches[0] : nil
    }

    /// Each set key's value as TOML text (`"just_intonation"`, `442`), by dotted name.
    public private(set) var values: [String: String]

    public init(values: [String: String] = [:]) {
        self.values = values
    }

    /// The file's text.
    public var text: String {
        "# What the student set (eartrainctl set, the keyboard menu); overrides the config file.\n"
            + values.keys.sorted().map { "\($0) = \(values[$0]!)\n" }.joined()
    }

    /// These settings with `key` set to `value`, its TOML text; checked when the text is parsed.
    public func setting(_ key: Key, toTOML value: String) -> StudentSettings {
        var copy = self
        copy.values[key.name] = value
        return copy
    }

    /// These settings without `key`: the config file's value applies again.
    public func resetting(_ key: Key) -> StudentSettings {
        var copy = self
        copy.values[key.name] = nil
        return copy
    }

    /// `config` with the set keys taken from `parsed` (this file's text, parsed).
    public func applied(to config: EartrainerConfig, parsed: EartrainerConfig) -> EartrainerConfig {
        var result = config
        for key in Self.keys where values[key.name] != nil { key.copy(&result, parsed) }
        return result
    }

    /// A number as TOML writes it: `442`, `0.5`.
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A string as TOML text: quoted, escaped.
    public static func tomlText(string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}

extension TrainingSettings {
    /// The note range's lowest note, set alone (a higher one lifts the highest with it).
    var lowestNote: MIDINote {
        get { noteRange.lowerBound }
        set { noteRange = newValue...max(newValue, noteRange.upperBound) }
    }

    /// The note range's highest note, set alone (a lower one lowers the lowest with it).
    var highestNote: MIDINote {
        get { noteRange.upperBound }
        set { noteRange = min(newValue, noteRange.lowerBound)...newValue }
    }
}

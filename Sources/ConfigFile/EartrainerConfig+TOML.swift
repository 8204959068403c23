import MusicTheory
import TOMLKit
import Training

extension EartrainerConfig {
    /// Reads the sections of a parsed document; a missing key keeps its built-in default.
    init(reading reader: inout TableReader) throws(ConfigError) {
        let defaults = EartrainerConfig.defaults
        var midi = try reader.table("midi")
        var audio = try reader.table("audio")
        var training = try reader.table("training")
        var socket = try reader.table("socket")
        var storage = try reader.table("storage")
        var voice = try reader.table("voice")
        var web = try reader.table("web")
        var listen = try reader.table("listen")
        try reader.finish()
        self.init(
            midi: try midi.map { reader throws(ConfigError) in try MIDIConfig(reading: &reader) } ?? defaults.midi,
            audio: try audio.map { reader throws(ConfigError) in try AudioConfig(reading: &reader) } ?? defaults.audio,
            training: try training.map { reader throws(ConfigError) in try TrainingConfig(reading: &reader) }
                ?? defaults.training,
            socket: try socket.map { reader throws(ConfigError) in try SocketConfig(reading: &reader) } ?? defaults.socket,
            storage: try storage.map { reader throws(ConfigError) in try StorageConfig(reading: &reader) }
                ?? defaults.storage,
            voice: try voice.map { reader throws(ConfigError) in try VoiceConfig(reading: &reader) } ?? defaults.voice,
            web: try web.map { reader throws(ConfigError) in try WebConfig(reading: &reader) } ?? defaults.web,
            listen: try listen.map { reader throws(ConfigError) in try ListenConfig(reading: &reader) } ?? defaults.listen
        )
    }
}

extension Optional where Wrapped == TableReader {
    /// Reads the table with `read` when it is present.
    fileprivate mutating func map<T>(_ read: (inout TableReader) throws(ConfigError) -> T) throws(ConfigError) -> T? {
        guard var reader = self else { return nil }
        return try read(&reader)
    }
}

extension MIDIConfig {
    init(reading reader: inout TableReader) throws(ConfigError) {
        let defaults = MIDIConfig()
        keyboards = try reader.array("keyboards", defaults.keyboards) { text in
            guard !text.allSatisfy(\.isWhitespace) else { throw Message("a keyboard pattern must not be empty") }
            return text
        }
        controls = defaults.controls
        if var table = try reader.table("controls") {
            controls = try KeyboardControls(reading: &table)
        }
        try reader.finish()
    }
}

extension KeyboardControls {
    /// The config's key for each action, in the order bindings are tried.
    static let configKeys: [(key: String, action: ControlAction)] = [
        ("repeat", .repeatPrompt), ("repeat_cadence", .repeatCadence), ("repeat_notes", .repeatNotes), ("skip", .skip), ("stop", .stop),
        ("new_session", .newSession), ("menu", .menu),
    ]

    /// `[midi.controls]`: an action not given keeps its standard triggers; `[]` turns it off.
    init(reading reader: inout TableReader) throws(ConfigError) {
        var bindings: [Binding] = []
        for (key, action) in Self.configKeys {
            let standard = KeyboardControls.standard.bindings.filter { $0.action == action }.map(\.trigger)
            let triggers = try reader.array(key, standard) { text in try Trigger(configText: text) }
            bindings += triggers.map { Binding($0, action) }
        }
        try reader.finish()
        self.init(bindings)
    }
}

extension KeyboardControls.Trigger {
    /// `cc:1` (a controller: 1 is the modulation wheel), `cluster:high` (three or more
    /// neighbouring keys from middle C up; `cluster:low`, below it), `below:3` (the key 3
    /// semitones below the note range), `key:A1`.
    init(configText text: String) throws {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        let usage = "use cc:N (controller 0-127; 1 is the modulation wheel), cluster:low or cluster:high (three or more neighbouring keys below middle C or from it up), wheel:down or wheel:up (the pitch-bend wheel pushed all the way), below:N (N semitones below the note range, 1-127) or key:NOTE (e.g. key:A1)"
        guard parts.count == 2 else { throw Message("'\(text)' is not a control trigger: \(usage)") }
        switch parts[0] {
        case "cc":
            guard let number = Int(parts[1]), (0...127).contains(number) else {
                throw Message("'\(text)': a controller is 0-127")
            }
            self = .controller(number: number)
        case "below":
            guard let number = Int(parts[1]), (1...127).contains(number) else {
                throw Message("'\(text)': semitones below the range are 1-127")
            }
            self = .keyBelowRange(semitones: number)
        case "key":
            self = .key(note: try MIDINote(parsing: parts[1]))
        case "cluster":
            guard let side = KeyCluster.Side(rawValue: parts[1]) else {
                throw Message("'\(text)': a cluster is cluster:low (below middle C) or cluster:high (from middle C up)")
            }
            self = .cluster(side: side)
        case "wheel":
            guard let direction = KeyboardControls.WheelDirection(rawValue: parts[1]) else {
                throw Message("'\(text)': the pitch-bend wheel is wheel:down or wheel:up")
            }
            self = .wheel(direction: direction)
        default:
            throw Message("'\(text)' is not a control trigger: \(usage)")
        }
    }

    /// The text `init(configText:)` reads.
    var configText: String {
        switch self {
        case .controller(let number): "cc:\(number)"
        case .keyBelowRange(let semitones): "below:\(semitones)"
        case .key(let note): "key:\(note)"
        case .cluster(let side): "cluster:\(side.rawValue)"
        case .wheel(let direction): "wheel:\(direction.rawValue)"
        }
    }
}

extension AudioConfig {
    init(reading reader: inout TableReader) throws(ConfigError) {
        let d = AudioConfig()
        self.init(
            soundFont: try reader.optionalString("soundfont", d.soundFont),
            presetBank: try reader.int("preset_bank", d.presetBank, in: Self.presetBankRange),
            presetProgram: try reader.int("preset_program", d.presetProgram, in: Self.presetProgramRange),
            driver: try reader.parsed("driver", d.driver, AudioDriver.init(choosing:)),
            device: try reader.parsed("device", d.device) { text in
                guard !text.allSatisfy(\.isWhitespace) else {
                    throw Message("give an ALSA device (\"default\", \"hw:1,0\"), a piece of a sound card's name (\"USB Audio\"), or for the file driver a path")
                }
                return text
            },
            periodSize: try reader.int("period_size", d.periodSize, in: Self.periodSizeRange),
            periods: try reader.int("periods", d.periods, in: Self.periodsRange),
            sampleRate: try reader.int("sample_rate", d.sampleRate, in: Self.sampleRateRange),
            idleAfter: try reader.double("idle_after", d.idleAfter, in: Self.idleAfterRange)
        )
        if driver == .file && device == d.device {
            throw reader.error(.invalidValue, "device", "the file driver writes a WAV file: give its path, such as \"/var/lib/eartrainer/lesson.wav\"")
        }
        try reader.finish()
    }
}

extension VoiceConfig {
    init(reading reader: inout TableReader) throws(ConfigError) {
        let d = VoiceConfig()
        self.init(
            speak: try reader.parsed("speak", d.speak, VoiceMode.init(choosing:)),
            language: try reader.parsed("language", d.language, Self.voicePart),
            voice: try reader.parsed("voice", d.voice) { text in text.isEmpty ? text : try Self.voicePart(text) },
            rate: try reader.int("rate", d.rate, in: Self.rateRange),
            volume: try reader.double("volume", d.volume, in: Self.volumeRange),
            cues: try reader.parsed("cues", d.cues, AnswerCues.init(choosing:)),
            dataPath: try reader.optionalString("data_path", d.dataPath)
        )
        try reader.finish()
    }

    /// A language or variant name: letters, digits and `-`, as eSpeak NG's voice files are named.
    private static func voicePart(_ text: String) throws -> String {
        guard !text.isEmpty, text.count <= 32, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            throw Message("'\(text)' is not an eSpeak NG voice name: use letters, digits and '-' (such as en, en-us, de, f3)")
        }
        return text
    }
}

extension SocketConfig {
    init(reading reader: inout TableReader) throws(ConfigError) {
        let d = SocketConfig()
        self.init(
            path: try reader.optionalString("path", d.path),
            mode: try reader.int("mode", d.mode, in: Self.modeRange),
            maxClients: try reader.int("max_clients", d.maxClients, in: Self.maxClientsRange),
            controlGroup: try reader.optionalString("control_group", d.controlGroup)
        )
        try reader.finish()
    }
}

extension StorageConfig {
    init(reading reader: inout TableReader) throws(ConfigError) {
        let d = StorageConfig()
        self.init(
            database: try reader.optionalString("database", d.database),
            profile: try reader.parsed("profile", d.profile) { name in
                guard Self.isValidProfile(name) else {
                    throw Message("'\(name)' is not a profile name: use 1-64 letters, digits, '.', '_' or '-'")
                }
                return name
            }
        )
        try reader.finish()
    }
}

/// The text itself, refused when empty.

extension WebConfig {
    init(reading reader: inout TableReader) throws(ConfigError) {
        let d = WebConfig()
        self.init(
            listen: try reader.parsed("listen", d.listen) { text in
                do throws(InvalidListenAddress) { return try ListenAddress(parsing: text) } catch { throw Message(error.description) }
            },
            viewing: try reader.parsed("viewing", d.viewing) { text in
                guard let viewing = WebViewing(rawValue: text) else {
                    throw Message("'\(text)' is not a viewing rule: use open (anyone who reaches the port sees the session) or paired")
                }
                return viewing
            }
        )
        try reader.finish()
    }
}

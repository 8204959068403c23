import MusicTheory
import Training

/// What `status` returns.
public struct StatusResult: Sendable, Hashable, Codable {
    public var protocolVersion: Int
    public var daemon: String
    public var uptimeSeconds: Double
    /// Present while a session runs.
    public var session: SessionStatus?
    public var devices: DevicesStatus
    /// "available", or "unavailable: " and why statistics are not being kept.
    public var storage: String
    /// The statistics database, when there is one.
    public var database: String?
    /// The student profile answers are recorded under.
    public var profile: String?
    /// Present while no session runs: the exercise the next key played begins.
    public var ready: ReadyStatus?
    /// Present when the box follows a lesson plan: where the student is in it.
    public var plan: PlanStatus?
    /// The `seq` of the last event this status includes: it reflects that event and every one
    /// before it. A follower subscribes first, then asks, and folds in only the events after it
    /// (`includes(_:)`), so none is lost between the two and none is counted twice.
    public var seq: Int?

    public init(protocolVersion: Int = ProtocolInfo.version, daemon: String, uptimeSeconds: Double,
                session: SessionStatus?, devices: DevicesStatus, storage: String, database: String? = nil, profile: String? = nil,
                ready: ReadyStatus? = nil, plan: PlanStatus? = nil, seq: Int? = nil) {
        self.protocolVersion = protocolVersion
        self.daemon = daemon
        self.uptimeSeconds = uptimeSeconds
        self.session = session
        self.devices = devices
        self.storage = storage
        self.database = database
        self.profile = profile
        self.ready = ready
        self.plan = plan
        self.seq = seq
    }

    /// Whether `event` is already reflected here: a numbered event no later than `seq`. A
    /// listening reading is never counted (it carries the `seq` of the event before it).
    public func includes(_ event: EventReport) -> Bool {
        guard let seq, event.topic != .listen else { return false }
        return event.seq <= seq
    }

    enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol_version"
        case daemon, session, devices, storage, database, profile, ready, plan, seq
        case uptimeSeconds = "uptime_seconds"
    }
}

/// The exercise a key played begins while no session runs, as `status` shows it.
public struct ReadyStatus: Sendable, Hashable, Codable {
    /// What it trains.
    public var kind: ExerciseKind
    /// The exercise as a person reads it ("D dorian scale").
    public var exercise: String

    public init(kind: ExerciseKind, exercise: String) {
        self.kind = kind
        self.exercise = exercise
    }
}

/// The running session, as `status` shows it.
public struct SessionStatus: Sendable, Hashable {
    /// What the session trains.
    public var kind: ExerciseKind
    /// What the kind adds, side by side with the fields below on the wire: a scale's `mode`, an
    /// interval session's `intervals` and `direction` (`ExerciseModule.statusFields`,
    /// `ExerciseQuestion.statusFields`).
    public var fields: [String: JSONValue]
    /// The root of the current question (a note name such as `D3`), or "random".
    public var root: String
    public var correct: Int
    public var errors: Int
    public var elapsedSeconds: Double
    /// The question now open, as a person reads it.
    public var prompt: String?
    /// Questions of several notes (a scale): notes played right so far, and the notes asked (8).
    public var progress: Int?
    public var total: Int?
    /// The seed that replays this session.
    public var seed: UInt64
    /// The tuning system prompts are sounded in.
    public var tuning: TuningSystem
    /// The clef views draw the staff in (`training.clef`); nil from a daemon that did not say.
    public var clef: Clef?
    /// The open question's staff, with its wrong attempts (for `eartrainctl staff`).
    public var staff: RoundStaff?
    /// The staff of the question finished last, as it stood at its end.
    public var lastStaff: RoundStaff?

    public init(kind: ExerciseKind, fields: [String: JSONValue] = [:], root: String, correct: Int, errors: Int,
                elapsedSeconds: Double, prompt: String?, progress: Int?, total: Int?, seed: UInt64, tuning: TuningSystem,
                staff: RoundStaff? = nil, lastStaff: RoundStaff? = nil) {
        self.kind = kind
        self.fields = fields
        self.root = root
        self.correct = correct
        self.errors = errors
        self.elapsedSeconds = elapsedSeconds
        self.prompt = prompt
        self.progress = progress
        self.total = total
        self.seed = seed
        self.tuning = tuning
        self.staff = staff
        self.lastStaff = lastStaff
    }

    /// A field the kind added, as text (`mode`).
    public func text(_ field: String) -> String? {
        if case .string(let text)? = fields[field] { text } else { nil }
    }

    /// A field the kind added, as a list of text (`intervals`).
    public func texts(_ field: String) -> [String]? {
        guard case .array(let values)? = fields[field] else { return nil }
        return values.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, root, correct, errors, prompt, progress, total, seed, tuning, staff, clef
        case elapsedSeconds = "elapsed_seconds"
        case lastStaff = "last_staff"
    }
}

extension SessionStatus: Codable {
    private typealias FieldKey = NameKey

    /// The common fields and the kind's, side by side in one object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(ExerciseKind.self, forKey: .kind)
        root = try container.decode(String.self, forKey: .root)
        correct = try container.decode(Int.self, forKey: .correct)
        errors = try container.decode(Int.self, forKey: .errors)
        elapsedSeconds = try container.decode(Double.self, forKey: .elapsedSeconds)
        prompt = try container.decodeIfPresent(String.self, forKey: .prompt)
        progress = try container.decodeIfPresent(Int.self, forKey: .progress)
        total = try container.decodeIfPresent(Int.self, forKey: .total)
        seed = try container.decode(UInt64.self, forKey: .seed)
        tuning = try container.decode(TuningSystem.self, forKey: .tuning)
        clef = try container.decodeIfPresent(Clef.self, forKey: .clef)
        staff = try container.decodeIfPresent(RoundStaff.self, forKey: .staff)
        lastStaff = try container.decodeIfPresent(RoundStaff.self, forKey: .lastStaff)
        let common = Set(CodingKeys.allCases.map(\.stringValue))
        let others = try decoder.container(keyedBy: FieldKey.self)
        var fields: [String: JSONValue] = [:]
        for key in others.allKeys where !common.contains(key.stringValue) {
            fields[key.stringValue] = try others.decode(JSONValue.self, forKey: key)
        }
        self.fields = fields
    }

    public func encode(to encoder: any Encoder) throws {
        var others = encoder.container(keyedBy: FieldKey.self)
        for (key, value) in fields { try others.encode(value, forKey: FieldKey(stringValue: key)) }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(root, forKey: .root)
        try container.encode(correct, forKey: .correct)
        try container.encode(errors, forKey: .errors)
        try container.encode(elapsedSeconds, forKey: .elapsedSeconds)
        try container.encodeIfPresent(prompt, forKey: .prompt)
        try container.encodeIfPresent(progress, forKey: .progress)
        try container.encodeIfPresent(total, forKey: .total)
        try container.encode(seed, forKey: .seed)
        try container.encode(tuning, forKey: .tuning)
        try container.encodeIfPresent(clef, forKey: .clef)
        try container.encodeIfPresent(staff, forKey: .staff)
        try container.encodeIfPresent(lastStaff, forKey: .lastStaff)
    }
}

/// Whether the daemon can hear a keyboard and make a sound.
public struct DevicesStatus: Sendable, Hashable, Codable {
    /// The ALSA sequencer could be opened.
    public var sequencer: Bool
    /// At least one keyboard is connected.
    public var keyboard: Bool
    /// Names of the connected keyboards.
    public var keyboards: [String]
    /// A sound device is open.
    public var sound: Bool
    /// The sound device, or why there is none.
    public var soundDevice: String?
    /// What is missing, as a person reads it (empty when nothing is).
    public var missing: [String]
    /// Key to sound, as the daemon measured it of itself; nil before a key has sounded on a device.
    public var inputToSound: InputToSound?
    /// The listening input, when `[listen]` names a driver.
    public var listen: ListenStatus?

    public init(sequencer: Bool, keyboard: Bool, keyboards: [String], sound: Bool, soundDevice: String?, missing: [String],
                inputToSound: InputToSound? = nil, listen: ListenStatus? = nil) {
        self.inputToSound = inputToSound
        self.listen = listen
        self.sequencer = sequencer
        self.keyboard = keyboard
        self.keyboards = keyboards
        self.sound = sound
        self.soundDevice = soundDevice
        self.missing = missing
    }

    enum CodingKeys: String, CodingKey {
        case sequencer, keyboard, keyboards, sound, missing, listen
        case soundDevice = "sound_device"
        case inputToSound = "input_to_sound"
    }
}

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

    public init(protocolVersion: Int = ProtocolInfo.version, daemon: String, uptimeSeconds: Double,
                session: SessionStatus?, devices: DevicesStatus, storage: String, database: String? = nil, profile: String? = nil,
                ready: ReadyStatus? = nil) {
        self.protocolVersion = protocolVersion
        self.daemon = daemon
        self.uptimeSeconds = uptimeSeconds
        self.session = session
        self.devices = devices
        self.storage = storage
        self.database = database
        self.profile = profile
        self.ready = ready
    }

    enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol_version"
        case daemon, session, devices, storage, database, profile, ready
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
public struct SessionStatus: Sendable, Hashable, Codable {
    /// What the session trains.
    public var kind: ExerciseKind
    /// Scales: the mode of the current round.
    public var mode: String?
    /// Intervals: the set being asked.
    public var intervals: [String]?
    /// Intervals: which way from the root the answers lie (the prompt's interval name alone does
    /// not say).
    public var direction: IntervalDirection?
    /// The root of the current question (a note name such as `D3`), or "random".
    public var root: String
    public var correct: Int
    public var errors: Int
    public var elapsedSeconds: Double
    /// The question now open, as a person reads it.
    public var prompt: String?
    /// Scales: notes played right so far in this round, and the notes of a round (8).
    public var progress: Int?
    public var total: Int?
    /// The seed that replays this session.
    public var seed: UInt64
    /// The tuning system prompts are sounded in.
    public var tuning: TuningSystem
    /// The open question's staff, with its wrong attempts (for `eartrainctl staff`).
    public var staff: RoundStaff?
    /// The staff of the question finished last, as it stood at its end.
    public var lastStaff: RoundStaff?

    public init(kind: ExerciseKind, mode: String?, intervals: [String]?, root: String, correct: Int, errors: Int,
                elapsedSeconds: Double, prompt: String?, progress: Int?, total: Int?, seed: UInt64, tuning: TuningSystem,
                staff: RoundStaff? = nil, lastStaff: RoundStaff? = nil, direction: IntervalDirection? = nil) {
        self.kind = kind
        self.mode = mode
        self.intervals = intervals
        self.direction = direction
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

    enum CodingKeys: String, CodingKey {
        case kind, mode, intervals, direction, root, correct, errors, prompt, progress, total, seed, tuning, staff
        case elapsedSeconds = "elapsed_seconds"
        case lastStaff = "last_staff"
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

    public init(sequencer: Bool, keyboard: Bool, keyboards: [String], sound: Bool, soundDevice: String?, missing: [String]) {
        self.sequencer = sequencer
        self.keyboard = keyboard
        self.keyboards = keyboards
        self.sound = sound
        self.soundDevice = soundDevice
        self.missing = missing
    }

    enum CodingKeys: String, CodingKey {
        case sequencer, keyboard, keyboards, sound, missing
        case soundDevice = "sound_device"
    }
}

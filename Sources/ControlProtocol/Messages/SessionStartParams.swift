import MusicTheory
import Training

/// `session.start` params. Everything but `kind` is optional; the daemon's config fills the rest.
public struct SessionStartParams: Sendable, Hashable, Codable {
    /// What the session trains; an unknown name is refused with the names accepted.
    public var kind: ExerciseKind
    /// A mode name for scales ("dorian"); with `randomMode`, the first round's mode.
    public var mode: String?
    /// A root: pitch class (`C#/Db`), spelled name (`Eb`), note (`Eb3`) or MIDI number. Intervals
    /// without a root use random roots within the note range.
    public var root: String?
    /// Interval names for interval sessions (`["m3", "P5"]`); default the eleven
    /// within the octave: m2 M2 m3 M3 P4 A4 P5 m6 M6 m7 M7.
    public var intervals: [String]?
    /// Add P8 m9 M9 P11 A11 m13 M13 to the intervals asked (given, or the default set).
    public var extended: Bool?
    /// Which way from the root intervals are asked (default ascending).
    public var direction: IntervalDirection?
    /// `equal`, `just` or `pythagorean` (or another spelling `TuningSystem.named` accepts);
    /// applies from the next prompt.
    public var tuning: TuningSystem?
    /// A4 in Hz, 380–500; applies from the next prompt.
    public var reference: Double?
    /// Seed for every random choice, so the session can be replayed exactly.
    public var seed: UInt64?
    /// Require the exact octave instead of the pitch class.
    public var strict: Bool?
    /// Wrong tries before an interval's answer is revealed (default 3).
    public var tries: Int?
    /// Ask missed and slow intervals more often (default on).
    public var adaptive: Bool?
    /// Intervals: after a right answer, sound the root then the answer (default on).
    public var echoAnswer: Bool?
    /// Scales: a new random root each round.
    public var randomRoot: Bool?
    /// Scales: a new random mode each round.
    public var randomMode: Bool?
    /// The student whose answers these are (a class sharing one keyboard); default the daemon's
    /// profile (`--profile`, the config's `storage.profile`).
    public var profile: String?

    public init(kind: ExerciseKind) {
        self.kind = kind
    }

    enum CodingKeys: String, CodingKey {
        case kind, mode, root, intervals, extended, direction, tuning, reference, seed, strict, tries, adaptive, profile
        case randomRoot = "random_root"
        case randomMode = "random_mode"
        case echoAnswer = "echo_answer"
    }
}

/// `notes.play` params: the virtual keyboard. Each note is a name (`D3`, `Eb3`) or a MIDI number;
/// keys held together are names joined with `+` (`C3+E3+G3`) or an array of notes.
public struct NotesPlayParams: Sendable, Hashable, Codable {
    public var notes: [JSONValue]
    /// 1…127, default 90.
    public var velocity: Int?

    public init(notes: [JSONValue], velocity: Int? = nil) {
        self.notes = notes
        self.velocity = velocity
    }
}

/// `subscribe` and `unsubscribe` params; no topics means all of them.
public struct SubscribeParams: Sendable, Hashable, Codable {
    public var topics: [Topic]?

    public init(topics: [Topic]? = nil) {
        self.topics = topics
    }
}

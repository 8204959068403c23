import MusicTheory
import Training

/// `session.start` params. Everything but `kind` is optional; the daemon's config fills the rest.
/// The params every kind shares are fields here; the others (a scale's `mode`, an interval
/// session's `intervals`, …) sit beside them on the wire and are read by the kind's module
/// (`ExerciseModule.options(from:over:)`, docs/protocol.md).
public struct SessionStartParams: Sendable, Hashable {
    /// What the session trains; an unknown name is refused with the names accepted.
    public var kind: ExerciseKind
    /// `equal`, `just` or `pythagorean` (or another spelling `TuningSystem.named` accepts);
    /// applies from the next prompt.
    public var tuning: TuningSystem?
    /// A4 in Hz, 380–500; applies from the next prompt.
    public var reference: Double?
    /// Seed for every random choice, so the session can be replayed exactly.
    public var seed: UInt64?
    /// The student whose answers these are (a class sharing one keyboard); default the daemon's
    /// profile (`--profile`, the config's `storage.profile`).
    public var profile: String?
    /// The kind's own params: `root`, `strict`, a scale's `mode`, an interval session's `intervals`, ….
    public var exercise: ExerciseParams

    public init(kind: ExerciseKind, exercise: ExerciseParams = ExerciseParams()) {
        self.kind = kind
        self.exercise = exercise
    }

    /// Sets one of the kind's own params (nil removes it).
    public mutating func set(_ key: String, _ value: JSONValue?) {
        exercise.values[key] = value
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, tuning, reference, seed, profile
    }
}

extension SessionStartParams: Codable {
    private typealias ParamKey = NameKey

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(ExerciseKind.self, forKey: .kind)
        tuning = try container.decodeIfPresent(TuningSystem.self, forKey: .tuning)
        reference = try container.decodeIfPresent(Double.self, forKey: .reference)
        seed = try container.decodeIfPresent(UInt64.self, forKey: .seed)
        profile = try container.decodeIfPresent(String.self, forKey: .profile)
        let common = Set(CodingKeys.allCases.map(\.stringValue))
        let others = try decoder.container(keyedBy: ParamKey.self)
        var values: [String: JSONValue] = [:]
        for key in others.allKeys where !common.contains(key.stringValue) {
            values[key.stringValue] = try others.decode(JSONValue.self, forKey: key)
        }
        exercise = ExerciseParams(values)
    }

    public func encode(to encoder: any Encoder) throws {
        var others = encoder.container(keyedBy: ParamKey.self)
        for (key, value) in exercise.values { try others.encode(value, forKey: ParamKey(stringValue: key)) }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(tuning, forKey: .tuning)
        try container.encodeIfPresent(reference, forKey: .reference)
        try container.encodeIfPresent(seed, forKey: .seed)
        try container.encodeIfPresent(profile, forKey: .profile)
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

/// `notes.bend` params: the pitch-bend wheel moved to `value`, −8192…8191 (0 centred), as a
/// keyboard's wheel would move it.
public struct NotesBendParams: Sendable, Hashable, Codable {
    public var value: Int

    public init(value: Int) {
        self.value = value
    }

    enum CodingKeys: String, CodingKey {
        case value
    }

    /// A number that is not whole (`1.5`) is refused as such, not as JSON that could not be read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let number = try container.decode(Double.self, forKey: .value)
        guard let whole = Int(exactly: number) else {
            throw DecodingError.dataCorruptedError(forKey: .value, in: container, debugDescription: "a whole number, not \(number)")
        }
        value = whole
    }
}

/// `subscribe` and `unsubscribe` params; no topics means all of them.
public struct SubscribeParams: Sendable, Hashable, Codable {
    public var topics: [Topic]?

    public init(topics: [Topic]? = nil) {
        self.topics = topics
    }
}

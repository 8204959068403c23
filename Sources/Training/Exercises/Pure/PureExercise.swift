import MusicTheory

/// An intonation exercise: the same interval or chord sounds twice, once pure (just intonation)
/// and once tempered (equal temperament, or Pythagorean); which comes first is random. The
/// student answers which one was pure: the shown root's key (or any below it) for the first, a
/// key above it for the second. Levels shrink the difference (docs/exercises.md).
public struct PureExercise: Sendable, Hashable, Codable {
    /// 1: thirds, sixths and triads (14–16 c off in equal temperament); 2: the major second and
    /// minor seventh (4 c); 3: the fifth and the fourth (2 c).
    public var level: Int
    /// The tuning the pure version is heard against: equal temperament or Pythagorean.
    public var against: TuningSystem
    /// The root; nil: a random one within the note range.
    public var root: RootNote?
    /// Items missed come up more often.
    public var adaptive: Bool

    /// The levels.
    public static let levels = 1...3

    public init(level: Int = 1, against: TuningSystem = .equalTemperament, root: RootNote? = nil, adaptive: Bool = true) {
        self.level = level
        self.against = against
        self.root = root
        self.adaptive = adaptive
    }

    /// The intervals and chords a level asks.
    public static func items(level: Int) -> [PureItem] {
        let intervals: [String] = switch level {
        case 1: ["m3", "M3", "m6", "M6"]
        case 2: ["M2", "m7"]
        default: ["P4", "P5"]
        }
        let chords: [ChordQuality] = level == 1 ? [.major, .minor] : []
        return intervals.map { .interval(try! SpelledInterval(parsing: $0)) } + chords.map(PureItem.chord)
    }

    /// What this session asks: the level's items that differ between the two tunings.
    public var items: [PureItem] {
        Self.items(level: level).filter { $0.difference(against: against) > 0.5 }
    }
}

/// What a pure question sounds: an interval (its two notes together) or a triad.
public enum PureItem: Sendable, Hashable, Codable {
    case interval(SpelledInterval)
    case chord(ChordQuality)

    /// The steps above the root, spelled.
    public var intervals: [SpelledInterval] {
        switch self {
        case .interval(let interval): [try! SpelledInterval(parsing: "P1"), interval]
        case .chord(let quality): quality.intervals
        }
    }

    /// `major third`, `minor chord`.
    public var name: String {
        switch self {
        case .interval(let interval): interval.name
        case .chord(let quality): "\(quality.name) chord"
        }
    }

    /// What the answer is counted under: the interval, or the chord's quality.
    public var subject: AnswerSubject {
        switch self {
        case .interval(let interval): .interval(interval)
        case .chord(let quality): .chord(quality)
        }
    }

    /// How far the pure version lies from the one in `tuning`, in cents: the largest of its
    /// tones' differences.
    public func difference(against tuning: TuningSystem) -> Double {
        intervals.map { abs(TuningSystem.justIntonation.centOffset(for: $0) - tuning.centOffset(for: $0)) }.max() ?? 0
    }
}

import ControlProtocol
import MusicTheory
import Training

/// A profile's lifetime statistics as `stats.get` reports them, read once into what a progress
/// view draws: the overall figures, accuracy and response time per item grouped by kind, and the
/// trend day by day, overall and per exercise.
public struct LifetimeProgress: Sendable, Hashable {
    /// The figures of a group of answers: an item, a day, all of them.
    public struct Tally: Sendable, Hashable {
        /// Answers judged.
        public var answers: Int
        /// Of which right.
        public var correct: Int
        /// `correct / answers`; nil with no answers.
        public var accuracy: Double?
        /// The mean response of the right answers, seconds.
        public var averageResponse: Double?
        /// The threshold in cents, for a kind that finds one (`compare`); nil otherwise.
        public var threshold: Double?

        init(_ figures: Figures) {
            answers = figures.answers
            correct = figures.correct
            accuracy = figures.accuracy
            averageResponse = figures.averageResponseSeconds
            threshold = figures.thresholdCents
        }

        init(_ day: DayFigures) {
            answers = day.answers
            correct = day.correct
            accuracy = day.accuracy
            averageResponse = day.averageResponseSeconds
            threshold = day.thresholdCents
        }
    }

    /// One item (`m3`, `minor`, `degree 3`) and its figures.
    public struct Item: Sendable, Hashable {
        /// The name within its kind: `m3` under `interval`, `degree 3` under `degree`.
        public var label: String
        /// Its answers.
        public var tally: Tally
    }

    /// An exercise kind's items, in order (intervals by size, then by name).
    public struct ItemGroup: Sendable, Hashable {
        /// The kind (`interval`, `chord`), or the word the item names begin with for a kind this
        /// client does not know.
        public var kind: String
        /// Its items.
        public var items: [Item]
    }

    /// One calendar day with answers (`YYYY-MM-DD`, in the daemon's time zone).
    public struct Day: Sendable, Hashable {
        /// `2026-03-28`.
        public var day: String
        /// The day's answers.
        public var tally: Tally
    }

    /// A series of days: all answers, or one exercise kind's.
    public struct DaySeries: Sendable, Hashable {
        /// Nil for every answer; else the kind.
        public var kind: String?
        /// Oldest first.
        public var days: [Day]
    }

    /// Whose figures these are.
    public var profile: String
    /// Every profile that has sessions, by name.
    public var profiles: [String]
    /// Every answer of the profile.
    public var overall: Tally
    /// Sessions of the profile.
    public var sessions: Int
    /// Their total length.
    public var practiceSeconds: Double
    /// The longest run of right answers.
    public var bestStreak: Int
    /// The most consecutive days with answers.
    public var bestDayStreak: Int
    /// Per item, by kind in the catalog's order.
    public var itemGroups: [ItemGroup]
    /// Day by day: all answers first, then each kind in the catalog's order.
    public var daySeries: [DaySeries]

    /// Reads `stats.get`'s result.
    public init(_ result: StatsGetResult) {
        let overall = result.figures.overall
        profile = result.profile
        profiles = result.profiles
        self.overall = Tally(overall)
        sessions = overall.sessions
        practiceSeconds = overall.practiceSeconds
        bestStreak = overall.bestStreak
        bestDayStreak = overall.bestDayStreak
        itemGroups = Self.itemGroups(result.figures.byItem)
        let byDay = result.figures.byDay
        let kinds = byDay.byExercise.sorted { Self.kindOrder($0.key) < Self.kindOrder($1.key) }
        daySeries = [DaySeries(kind: nil, days: Self.days(byDay.overall))] + kinds.map { DaySeries(kind: $0.key, days: Self.days($0.value)) }
    }

    static func days(_ figures: [DayFigures]) -> [Day] {
        figures.map { Day(day: $0.day, tally: Tally($0)) }
    }

    /// Each item under its kind, named without it: `interval m3` is `m3` under `interval`,
    /// `scale degree 2` is `degree 2` under `scale`; `degree 3` stays `degree 3` under `degree`.
    static func itemGroups(_ items: [String: Figures]) -> [ItemGroup] {
        var groups: [String: [Item]] = [:]
        for (name, value) in items {
            let kind = ExerciseKind.allCases.map(\.rawValue).first { name == $0 || name.hasPrefix($0 + " ") }
                ?? String(name.prefix { $0 != " " })
            let rest = name.dropFirst(kind.count).drop { $0 == " " }
            // A number alone (`3` of `degree 3`) says nothing: such an item keeps its whole name.
            let label = rest.isEmpty || Int(rest) != nil ? name : String(rest)
            groups[kind, default: []].append(Item(label: label, tally: Tally(value)))
        }
        return groups.sorted { kindOrder($0.key) < kindOrder($1.key) }.map { kind, items in
            ItemGroup(kind: kind, items: items.sorted { itemOrder($0.label) < itemOrder($1.label) })
        }
    }

    /// A kind's place in the catalog; unknown kinds last, by name.
    static func kindOrder(_ kind: String) -> (Int, String) {
        (ExerciseKind.allCases.firstIndex { $0.rawValue == kind } ?? Int.max, kind)
    }

    /// Intervals by size (m2 before P5 before M9), then numbers by value (`degree 2` before
    /// `degree 10`), then by name.
    static func itemOrder(_ label: String) -> (Int, Int, String) {
        if let interval = try? SpelledInterval(parsing: label) { return (interval.semitones, interval.number, label) }
        if let number = label.split(separator: " ").last.flatMap({ Int($0) }) { return (Int.max - 1, number, label) }
        return (Int.max, 0, label)
    }
}

import MusicTheory

/// What the clients show of the drill, the interval kind's and the ear-interval kind's alike: its
/// command line, its menu pages, its lines in status and `watch`.
extension IntervalDrill {
    /// The intervals a session asks: the eleven within the octave, then what `--extended` adds.
    static let intervalChoices: [ExerciseCommandLine.Option.Choice] =
        .intervals(intervalsWithinOctave, group: "within the octave") + .intervals(extensionIntervals, group: "beyond the octave")

    /// Which intervals (sets a teacher would give, smallest first), the direction, then the root.
    public static var menuPages: [MenuPage] {
        [
            MenuPage(key: "intervals", title: "intervals", input: .choices(intervalSets.map { name, intervals in
                MenuChoice(.array(intervals.map { .string($0) }), spoken: name)
            })),
            MenuPage(key: "direction", title: "direction", input: .choices(IntervalDirection.allCases.map { MenuChoice($0.rawValue) })),
            .root,
        ]
    }

    /// The interval sets the menu offers.
    static let intervalSets: [(name: String, intervals: [String])] = [
        ("thirds", ["m3", "M3"]),
        ("fourths and fifths", ["P4", "P5"]),
        ("seconds and thirds", ["m2", "M2", "m3", "M3"]),
        ("sixths and sevenths", ["m6", "M6", "m7", "M7"]),
        ("all within the octave", ["m2", "M2", "m3", "M3", "P4", "A4", "P5", "m6", "M6", "m7", "M7"]),
    ]

    /// `intervals m3 P5 descending from C3`.
    public static func statusSummary(_ status: StatusDetails, root: String) -> String {
        "intervals \(status.intervals.joined(separator: " "))\(status.direction == .descending ? " descending" : "") from \(root)"
    }

    /// `intervals m3 P5`.
    public static func watchTitle(_ status: StatusDetails, root: String) -> String {
        "intervals \(status.intervals.joined(separator: " "))"
    }
}

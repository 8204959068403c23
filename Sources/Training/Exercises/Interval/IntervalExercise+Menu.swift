import MusicTheory

extension IntervalExercise {
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
}

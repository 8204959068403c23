/// The seven diatonic modes, each the major scale started from one of its degrees.
public enum Mode: Int, CaseIterable, Sendable {
    case ionian, dorian, phrygian, lydian, mixolydian, aeolian, locrian

    /// A whole or a half step between neighbouring scale degrees.
    public enum Step: Int, Sendable {
        case half = 1
        case whole = 2

        public var symbol: String { self == .whole ? "W" : "H" }
    }

    /// The lower-case name used on command lines and in files: "dorian".
    public var name: String {
        ["ionian", "dorian", "phrygian", "lydian", "mixolydian", "aeolian", "locrian"][rawValue]
    }

    /// The capitalised name used in prose: "Dorian".
    public var displayName: String { name.prefix(1).uppercased() + name.dropFirst() }

    /// The eight degrees from the root to its octave as intervals above the root
    /// (Dorian: P1 M2 m3 P4 P5 M6 m7 P8). They come from the Ionian degrees, rotated.
    public var degrees: [SpelledInterval] {
        // Letters of the major scale on the line of fifths: C D E F G A B.
        let ionianFifths = [0, 2, 4, -1, 1, 3, 5]
        return (0...7).map { degree in
            let fifths = ionianFifths[(rawValue + degree) % 7] - ionianFifths[rawValue]
            return Self.interval(steps: degree, fifths: fifths)
        }
    }

    /// The seven steps between the eight degrees (Ionian W-W-H-W-W-W-H).
    public var steps: [Step] {
        let semitones = degrees.map(\.semitones)
        return (0..<7).map { Step(rawValue: semitones[$0 + 1] - semitones[$0])! }
    }

    /// The step pattern in whole (W) and half (H) steps: "W-W-H-W-W-W-H".
    public var stepPattern: String { steps.map(\.symbol).joined(separator: "-") }

    /// Parses a mode name, any case; "major" is Ionian, "minor" (and the misspelling "aolian") Aeolian.
    public init(parsing text: String) throws(TheoryError) {
        let key = text.lowercased()
        let aliases: [String: Mode] = ["major": .ionian, "minor": .aeolian, "aolian": .aeolian]
        guard let mode = Mode.allCases.first(where: { $0.name == key }) ?? aliases[key] else {
            throw .unknownMode(text)
        }
        self = mode
    }

    private static func interval(steps: Int, fifths: Int) -> SpelledInterval {
        let perfectClass = SpelledInterval.isPerfectClass(steps + 1)
        let base = [0, 2, 4, -1, 1, 3, 5][steps % 7]
        let quality: IntervalQuality =
            switch (fifths - base, perfectClass) {
            case (0, true): .perfect
            case (0, false): .major
            case (-7, false): .minor
            case (7, _): .augmented
            default: .diminished
            }
        return try! SpelledInterval(quality, steps + 1)
    }
}

extension Mode: Hashable, Codable {}

extension Mode: CustomStringConvertible {
    public var description: String { name }
}

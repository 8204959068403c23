/// The scales a scale round can ask for: the seven diatonic modes (each the major scale started
/// from one of its degrees), then the minor scales, the pentatonics, the blues scale, the whole-tone
/// and the chromatic scale. (The raw values are stored in results: new scales come last.)
public enum Mode: Int, CaseIterable, Sendable {
    case ionian, dorian, phrygian, lydian, mixolydian, aeolian, locrian
    case harmonicMinor, melodicMinor, majorPentatonic, minorPentatonic, blues, wholeTone, chromatic

    /// The step between neighbouring scale degrees, in semitones.
    public enum Step: Int, Sendable {
        case half = 1
        case whole = 2
        /// The augmented second (harmonic minor's 6 to 7) or a pentatonic's minor third.
        case wholeAndHalf = 3
        /// A major third (none of the scales here has one between neighbours, but a step is a step).
        case twoWhole = 4

        /// `H`, `W`, `W+H`, `2W`.
        public var symbol: String { ["H", "W", "W+H", "2W"][rawValue - 1] }
    }

    /// The lower-case name used on command lines and in files: "dorian", "harmonic-minor".
    public var name: String {
        ["ionian", "dorian", "phrygian", "lydian", "mixolydian", "aeolian", "locrian",
         "harmonic-minor", "melodic-minor", "major-pentatonic", "minor-pentatonic", "blues", "whole-tone", "chromatic"][rawValue]
    }

    /// One of the seven diatonic modes (seven letters, each once).
    public var isDiatonic: Bool { rawValue < 7 }

    /// The capitalised name used in prose: "Dorian".
    public var displayName: String { name.prefix(1).uppercased() + name.dropFirst() }

    /// The degrees from the root to its octave as intervals above the root (Dorian: P1 M2 m3
    /// P4 P5 M6 m7 P8). The modes' come from the Ionian degrees, rotated; the other scales'
    /// are written out, spelled as the tradition spells them (docs/exercises.md: harmonic minor's
    /// raised seventh, the blues scale's flat fifth, the whole-tone scale's augmented fourth to
    /// sixth, the chromatic scale with sharps going up).
    public var degrees: [SpelledInterval] {
        if let written = Self.written[self] {
            return written.map { try! SpelledInterval(parsing: $0) }
        }
        // Letters of the major scale on the line of fifths: C D E F G A B.
        let ionianFifths = [0, 2, 4, -1, 1, 3, 5]
        return (0...7).map { degree in
            let fifths = ionianFifths[(rawValue + degree) % 7] - ionianFifths[rawValue]
            return Self.interval(steps: degree, fifths: fifths)
        }
    }

    private static let written: [Mode: [String]] = [
        .harmonicMinor: ["P1", "M2", "m3", "P4", "P5", "m6", "M7", "P8"],
        .melodicMinor: ["P1", "M2", "m3", "P4", "P5", "M6", "M7", "P8"],
        .majorPentatonic: ["P1", "M2", "M3", "P5", "M6", "P8"],
        .minorPentatonic: ["P1", "m3", "P4", "P5", "m7", "P8"],
        .blues: ["P1", "m3", "P4", "d5", "P5", "m7", "P8"],
        .wholeTone: ["P1", "M2", "M3", "A4", "A5", "A6", "P8"],
        .chromatic: ["P1", "A1", "M2", "A2", "M3", "P4", "A4", "P5", "A5", "M6", "A6", "M7", "P8"],
    ]

    /// The steps between neighbouring degrees (Ionian W-W-H-W-W-W-H).
    public var steps: [Step] {
        let semitones = degrees.map(\.semitones)
        return (0..<(semitones.count - 1)).map { Step(rawValue: semitones[$0 + 1] - semitones[$0])! }
    }

    /// The step pattern in whole (W) and half (H) steps: "W-W-H-W-W-W-H".
    public var stepPattern: String { steps.map(\.symbol).joined(separator: "-") }

    /// Parses a mode name, any case; "major" is Ionian, "minor" (and the misspelling "aolian") Aeolian;
    /// `_` and spaces may stand for `-` ("harmonic_minor").
    public init(parsing text: String) throws(TheoryError) {
        let key = String(text.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 })
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

/// The chord qualities the exercises know, one closed list. The raw values are the wire names;
/// `symbol` is the suffix after the root (`m`, `°`, `ø7`), `name` the words in prose.
public enum ChordQuality: String, NamedChoice {
    case major, minor, diminished, augmented, sus2, sus4, maj7
    case dominant7 = "dom7"
    case minor7 = "m7"
    case halfDiminished7 = "m7b5"
    case diminished7 = "dim7"

    /// The tones as intervals above the root, root first (m7♭5: P1 m3 d5 m7).
    public var intervals: [SpelledInterval] { Self.parsedIntervals[self]! }

    /// The suffix written after the root: "" (C), "m", "°", "+", "sus2", "sus4", "maj7", "7",
    /// "m7", "ø7", "°7".
    public var symbol: String {
        switch self {
        case .major: ""
        case .minor: "m"
        case .diminished: "°"
        case .augmented: "+"
        case .sus2, .sus4, .maj7: rawValue
        case .dominant7: "7"
        case .minor7: "m7"
        case .halfDiminished7: "ø7"
        case .diminished7: "°7"
        }
    }

    /// The words after the root in prose: "minor" (C minor), "dominant seventh".
    public var name: String {
        switch self {
        case .major, .minor, .diminished, .augmented: rawValue
        case .sus2: "suspended second"
        case .sus4: "suspended fourth"
        case .maj7: "major seventh"
        case .dominant7: "dominant seventh"
        case .minor7: "minor seventh"
        case .halfDiminished7: "half-diminished seventh"
        case .diminished7: "diminished seventh"
        }
    }

    /// The just-intonation proportions of the tones, root first (major 4:5:6): each tone a pure
    /// interval of its spelling above the tone below it, a major third 5/4, a minor third 6/5 (a
    /// suspended chord's second 9/8 or fourth 4/3 above the root, its fifth 3/2 above the root),
    /// so an augmented triad is two pure major thirds and a diminished one two pure minor thirds.
    /// The table, in cents, is in docs/tuning.md.
    public var justProportions: [Int] {
        switch self {
        case .major: [4, 5, 6]
        case .minor: [10, 12, 15]
        case .diminished: [25, 30, 36]
        case .augmented: [16, 20, 25]
        case .sus2: [8, 9, 12]
        case .sus4: [6, 8, 9]
        case .maj7: [8, 10, 12, 15]
        case .dominant7: [20, 25, 30, 36]
        case .minor7: [10, 12, 15, 18]
        case .halfDiminished7: [25, 30, 36, 45]
        case .diminished7: [125, 150, 180, 216]
        }
    }

    /// The tones' sizes above the root in semitones (minor: 0 3 7).
    public var semitones: [Int] { Self.semitoneTable[self]! }

    /// The pitch classes above the root as bits (bit n: n semitones up), for recognizing played notes.
    var pitchClassBits: Int { semitones.reduce(0) { $0 | 1 << ($1 % 12) } }

    // Parsed once: a judged chord reads them on every answer (`make bench-training`).
    private static let parsedIntervals: [ChordQuality: [SpelledInterval]] = intervalNames.mapValues { names in
        names.split(separator: " ").map { try! SpelledInterval(parsing: String($0)) }
    }
    private static let semitoneTable: [ChordQuality: [Int]] = parsedIntervals.mapValues { $0.map(\.semitones) }

    private static let intervalNames: [ChordQuality: String] = [
        .major: "P1 M3 P5", .minor: "P1 m3 P5", .diminished: "P1 m3 d5", .augmented: "P1 M3 A5",
        .sus2: "P1 M2 P5", .sus4: "P1 P4 P5", .maj7: "P1 M3 P5 M7", .dominant7: "P1 M3 P5 m7",
        .minor7: "P1 m3 P5 m7", .halfDiminished7: "P1 m3 d5 m7", .diminished7: "P1 m3 d5 d7",
    ]
}

extension ChordQuality: CustomStringConvertible {
    public var description: String { rawValue }
}

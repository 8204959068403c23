/// The thirteen simple intervals from prime to octave, by size in semitones.
///
/// This is the chromatic view of `SpelledInterval`: every spelled interval within an octave
/// reduces to one of these (`A4` and `d5` both to `.tritone`), and each of these has one standard
/// spelling (`.tritone` is spelled `A4`). Sizes agree by construction: see `spelling`.
public enum Interval: Int, CaseIterable, Sendable {
    case prime = 0
    case minorSecond
    case majorSecond
    case minorThird
    case majorThird
    case perfectFourth
    case tritone
    case perfectFifth
    case minorSixth
    case majorSixth
    case minorSeventh
    case majorSeventh
    case octave

    public var semitones: Int { rawValue }

    /// The absolute distance between two notes; throws beyond an octave.
    public static func between(_ reference: MIDINote, _ target: MIDINote) throws(TheoryError) -> Interval {
        let distance = abs(target.rawValue - reference.rawValue)
        guard let interval = Interval(rawValue: distance) else { throw .intervalBeyondOctave(semitones: distance) }
        return interval
    }

    /// The standard spelling of this size: `m3` for `.minorThird`, `A4` for `.tritone`.
    public var spelling: SpelledInterval {
        Self.spellings[rawValue]
    }

    /// The size class of a spelled interval within an octave (`A4` and `d5` → `.tritone`);
    /// nil for compound intervals and for sizes outside 0…12 semitones.
    public init?(_ spelled: SpelledInterval) {
        guard spelled.number <= 8 else { return nil }
        self.init(rawValue: spelled.semitones)
    }

    /// The name a student reads: "minor third", "tritone", "octave".
    public var name: String {
        switch self {
        case .prime: "prime"
        case .tritone: "tritone"
        case .octave: "octave"
        default: spelling.name
        }
    }

    private static let spellings: [SpelledInterval] = [
        "P1", "m2", "M2", "m3", "M3", "P4", "A4", "P5", "m6", "M6", "m7", "M7", "P8",
    ].map { try! SpelledInterval(parsing: $0) }
}

extension Interval: Hashable, Codable {}

extension Interval: Comparable {
    public static func < (lhs: Interval, rhs: Interval) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Interval: CustomStringConvertible {
    public var description: String { spelling.description }
}

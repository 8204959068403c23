import MusicTheory

/// A rhythm's time signature: how many beats a bar has and how long a beat is. Lengths are
/// counted in `RhythmPattern.unitsPerQuarter` units, so that sixteenths, triplets and dotted
/// notes are all whole numbers.
public enum Meter: String, NamedChoice {
    case twoFour = "2/4"
    case threeFour = "3/4"
    case fourFour = "4/4"
    /// Two dotted-quarter beats of three eighths each.
    case sixEight = "6/8"

    /// Beats in a bar: what the count-in clicks and the tempo counts.
    public var beatsPerBar: Int {
        switch self {
        case .twoFour, .sixEight: 2
        case .threeFour: 3
        case .fourFour: 4
        }
    }

    /// A beat's length in units: a quarter, or in 6/8 a dotted quarter.
    public var unitsPerBeat: Int {
        self == .sixEight ? RhythmPattern.unitsPerQuarter * 3 / 2 : RhythmPattern.unitsPerQuarter
    }

    /// A bar's length in units.
    public var unitsPerBar: Int { beatsPerBar * unitsPerBeat }

    /// A beat is divided in three (6/8), not two.
    public var isCompound: Bool { self == .sixEight }

    /// As the voice says it: "four four".
    public var spoken: String {
        let words = ["2": "two", "3": "three", "4": "four", "6": "six", "8": "eight"]
        return rawValue.split(separator: "/").map { words[String($0)] ?? String($0) }.joined(separator: " ")
    }
}

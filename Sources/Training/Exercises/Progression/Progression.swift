import MusicTheory

/// A chord progression the `progression` kind asks, by its Roman numerals: a closed list, by
/// level. Level 1 is the four every harmony course starts with, triads in root position; level 2
/// adds sevenths; level 3 inversions, heard by their bass.
public enum Progression: String, NamedChoice {
    case one = "I-IV-V-I"
    case twoFiveOne = "ii-V-I"
    case fifties = "I-vi-IV-V"
    case minorCadence = "i-iv-V-i"
    case twoFiveOneSevenths = "ii7-V7-I"
    case dominantSeventh = "I-IV-V7-I"
    case fiftiesSevenths = "I-vi-ii7-V7"
    case minorSeventh = "i-iv-V7-i"
    case leadingBass = "I-V6-vi-IV"
    case twoSix = "I-ii6-V7-I"
    case cadentialSixFour = "I-IV-I64-V7-I"
    case minorInversions = "i-iv6-V65-i"

    /// Levels 1…3.
    public static let levels = 1...3

    /// 1: triads in root position; 2: sevenths; 3: inversions.
    public var level: Int {
        switch self {
        case .one, .twoFiveOne, .fifties, .minorCadence: 1
        case .twoFiveOneSevenths, .dominantSeventh, .fiftiesSevenths, .minorSeventh: 2
        case .leadingBass, .twoSix, .cadentialSixFour, .minorInversions: 3
        }
    }

    /// The progressions of levels 1 through `level`.
    public static func upTo(level: Int) -> [Progression] { allCases.filter { $0.level <= level } }

    /// Major, or minor (a minor key's V from harmonic minor).
    public var quality: Key.Quality {
        switch self {
        case .minorCadence, .minorSeventh, .minorInversions: .minor
        default: .major
        }
    }

    /// The chords, in order.
    public var numerals: [RomanNumeral] { Self.table[self]! }

    /// The name exactly, else in any case when that names one: `I-IV-V-I` and `i-iv-V-i` differ
    /// only in case, so `i-iv-v-i` names neither and is refused with the list.
    public static func named(_ text: String) -> Progression? {
        if let exact = Progression(rawValue: text) { return exact }
        let matches = allCases.filter { $0.rawValue.lowercased() == text.lowercased() }
        return matches.count == 1 ? matches[0] : nil
    }

    // Made once: a judged chord reads them on every answer (`make bench-training`).
    private static let table: [Progression: [RomanNumeral]] = {
        let I = RomanNumeral(1, .major), IV = RomanNumeral(4, .major), V = RomanNumeral(5, .major)
        let ii = RomanNumeral(2, .minor), vi = RomanNumeral(6, .minor), V7 = RomanNumeral(5, .dominant7)
        let i = RomanNumeral(1, .minor), iv = RomanNumeral(4, .minor), ii7 = RomanNumeral(2, .minor7)
        return [
            .one: [I, IV, V, I], .twoFiveOne: [ii, V, I], .fifties: [I, vi, IV, V], .minorCadence: [i, iv, V, i],
            .twoFiveOneSevenths: [ii7, V7, I], .dominantSeventh: [I, IV, V7, I], .fiftiesSevenths: [I, vi, ii7, V7],
            .minorSeventh: [i, iv, V7, i],
            .leadingBass: [I, RomanNumeral(5, .major, inversion: 1), vi, IV],
            .twoSix: [I, RomanNumeral(2, .minor, inversion: 1), V7, I],
            .cadentialSixFour: [I, IV, RomanNumeral(1, .major, inversion: 2), V7, I],
            .minorInversions: [i, RomanNumeral(4, .minor, inversion: 1), RomanNumeral(5, .dominant7, inversion: 1), i],
        ]
    }()
}

/// A chord named by the degree of a key it stands on: `V7`, `ii6`, `IV64`. Its quality is its
/// own (a minor key's V is major, from harmonic minor), and its inversion says which tone is in
/// the bass (0: the root; 1: the third, written `6` or `65`; 2: the fifth, `64` or `43`; 3: a
/// seventh chord's seventh, `42`).
public struct RomanNumeral: Sendable, Hashable, Codable {
    /// 1…7.
    public let degree: Int
    public let quality: ChordQuality
    /// 0 ..< the quality's number of tones.
    public let inversion: Int

    public init(_ degree: Int, _ quality: ChordQuality, inversion: Int = 0) {
        precondition((1...7).contains(degree), "a degree is 1...7")
        precondition((0..<quality.semitones.count).contains(inversion), "inversion must be 0..<\(quality.semitones.count)")
        self.degree = degree
        self.quality = quality
        self.inversion = inversion
    }

    /// The chord on its degree of `key` (A minor, V7: E dominant seventh). Throws past a double accidental.
    public func chord(in key: Key) throws(TheoryError) -> Chord {
        Chord(root: try key.degrees()[degree - 1], quality: quality)
    }

    /// The tone in the bass, an index into the quality's tones.
    public var bassTone: Int { inversion }

    /// As written under a staff: the degree in capitals for a major, augmented or dominant chord,
    /// in small letters for a minor or diminished one; `°`, `ø` or `+`; then the figure of its
    /// inversion (`V7`, `ii6`, `I64`, `V65`, `viiø7`, `IVmaj7`).
    public var name: String {
        let numerals = ["I", "II", "III", "IV", "V", "VI", "VII"]
        let upper: Bool = switch quality {
        case .major, .augmented, .dominant7, .maj7, .sus2, .sus4: true
        case .minor, .diminished, .minor7, .halfDiminished7, .diminished7: false
        }
        let numeral = upper ? numerals[degree - 1] : numerals[degree - 1].lowercased()
        let mark: String = switch quality {
        case .diminished, .diminished7: "°"
        case .halfDiminished7: "ø"
        case .augmented: "+"
        case .maj7: "maj"
        case .sus2: "sus2"
        case .sus4: "sus4"
        default: ""
        }
        let figures = quality.semitones.count == 4 ? ["7", "65", "43", "42"] : ["", "6", "64"]
        return numeral + mark + figures[inversion]
    }

    /// Said aloud: `five seven`, `two six`, `one six four`.
    public var spoken: String {
        let words = ["one", "two", "three", "four", "five", "six", "seven"]
        let figure = name.drop { !$0.isNumber }.map { words[Int(String($0))! - 1] }
        return ([words[degree - 1]] + figure).joined(separator: " ")
    }
}

extension RomanNumeral: CustomStringConvertible {
    public var description: String { name }
}

/// An ascending interval with its spelling: a quality and a number, simple or compound
/// (`m3`, `A4`, `d5`, `M9`, `P11`, `M13`).
///
/// Like notes, intervals live on the line of fifths: `fifths` says how many fifths up (or down)
/// the interval's name lies, `steps` how many letters it spans. Size in semitones follows.
public struct SpelledInterval: Sendable {
    public let quality: IntervalQuality
    /// 1 = unison, 2 = second, … 8 = octave, 9 = ninth, … 13 = thirteenth, …
    public let number: Int

    /// Throws for combinations that do not exist (`P3`, `M5`, `m4`, `d1`) or a number below 1.
    public init(_ quality: IntervalQuality, _ number: Int) throws(TheoryError) {
        guard number >= 1, number <= 99, quality.fifthsShift(perfectClass: Self.isPerfectClass(number)) != nil,
              !(quality == .diminished && number == 1)
        else { throw .invalidInterval("\(quality)\(number)") }
        self.quality = quality
        self.number = number
    }

    /// Letters spanned above the lower note: 0 for a unison, 2 for a third, 7 for an octave.
    public var steps: Int { number - 1 }

    /// The interval's position on the line of fifths (P5 = 1, M2 = 2, P4 = -1, A4 = 6, d5 = -6).
    public var fifths: Int {
        let base = [0, 2, 4, -1, 1, 3, 5][steps % 7]
        return base + quality.fifthsShift(perfectClass: Self.isPerfectClass(number))!
    }

    /// Size in semitones: 7 per fifth, less the octaves that bring it back to `steps` letters.
    public var semitones: Int {
        let octaves = (steps - 4 * fifths) / 7  // exact: a fifth spans 4 letters, an octave 7
        return 7 * fifths + 12 * octaves
    }

    /// True for unisons, fourths, fifths, octaves and their compounds.
    public var isPerfectClass: Bool { Self.isPerfectClass(number) }

    /// True above an octave (ninths, elevenths, …).
    public var isCompound: Bool { number > 8 }

    /// The interval within one octave with the same quality (`M9` → `M2`; `P8` stays `P8`).
    public var simple: SpelledInterval {
        guard number > 8 else { return self }
        return try! SpelledInterval(quality, (number - 2) % 7 + 2)
    }

    /// The long name: "minor third", "augmented fourth", "major ninth".
    public var name: String {
        "\(quality.name) \(Self.ordinal(number))"
    }

    static func isPerfectClass(_ number: Int) -> Bool {
        [0, 3, 4].contains((number - 1) % 7)
    }

    static func ordinal(_ number: Int) -> String {
        let words = [
            1: "unison", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh",
            8: "octave", 9: "ninth", 10: "tenth", 11: "eleventh", 12: "twelfth", 13: "thirteenth",
            14: "fourteenth", 15: "fifteenth",
        ]
        if let word = words[number] { return word }
        let suffix = (number % 100 / 10 == 1) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }
}

extension SpelledInterval {
    /// The intervals a student meets most, simple and compound through the thirteenth.
    public static let common: [SpelledInterval] = [
        "P1", "m2", "M2", "m3", "M3", "P4", "A4", "d5", "P5", "m6", "M6", "m7", "M7",
        "P8", "m9", "M9", "m10", "M10", "P11", "A11", "P12", "m13", "M13",
    ].map { try! SpelledInterval(parsing: $0) }
}

extension SpelledInterval: Hashable {}

extension SpelledInterval: Comparable {
    /// Ordered by size, then by number (A4 before d5).
    public static func < (lhs: SpelledInterval, rhs: SpelledInterval) -> Bool {
        (lhs.semitones, lhs.number) < (rhs.semitones, rhs.number)
    }
}

extension SpelledInterval: CustomStringConvertible {
    public var description: String { "\(quality)\(number)" }
}

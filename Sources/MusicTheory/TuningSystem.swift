/// How intervals above a root are tuned: equal temperament, 5-limit just
/// intonation, or Pythagorean tuning.
///
/// Just and Pythagorean intervals are products of small primes, read off the interval's place on
/// the line of fifths (`primeExponents`). Adding a system means adding a case here and its cents in
/// `centOffset(fifths:semitones:)`; nothing else changes.
public enum TuningSystem: String, NamedChoice {
    case equalTemperament = "equal"
    case justIntonation = "just"
    case pythagorean = "pythagorean"

    /// The short name used on command lines and in files: "equal", "just", "pythagorean".
    public var name: String { rawValue }

    /// The name used in prose: "equal temperament".
    public var displayName: String {
        switch self {
        case .equalTemperament: "equal temperament"
        case .justIntonation: "just intonation (5-limit)"
        case .pythagorean: "Pythagorean"
        }
    }

    /// The system a name or one of its other spellings names, in any case ("equal", "et",
    /// "12-tet", "equal-temperament", "just", "ji", "just-intonation", "pythagorean", "pyth"): the
    /// config file, the socket and the command lines all take them through `init(choosing:)`.
    public static func named(_ text: String) -> TuningSystem? {
        aliases[text.lowercased()]
    }

    private static let aliases: [String: TuningSystem] = [
        "equal": .equalTemperament, "et": .equalTemperament, "12tet": .equalTemperament,
        "12-tet": .equalTemperament, "equal-temperament": .equalTemperament,
        "equaltemperament": .equalTemperament, "equal_temperament": .equalTemperament,
        "just": .justIntonation, "ji": .justIntonation, "just-intonation": .justIntonation,
        "justintonation": .justIntonation, "just_intonation": .justIntonation,
        "pythagorean": .pythagorean, "pyth": .pythagorean,
    ]

    /// The size in cents of a spelled interval, simple or compound (P5: 700, 701.955, 701.955).
    public func centOffset(for interval: SpelledInterval) -> Double {
        centOffset(fifths: interval.fifths, semitones: interval.semitones)
    }

    /// The size in cents of a simple interval, through its standard spelling (the tritone is A4).
    public func centOffset(for interval: Interval) -> Double {
        centOffset(for: interval.spelling)
    }

    /// The frequency ratio of a spelled interval (3/2, 45/32), or nil in equal temperament.
    public func ratio(for interval: SpelledInterval) -> Ratio? {
        guard let (three, five) = primeExponents(fifths: interval.fifths) else { return nil }
        let twos = octaves(three: three, five: five, semitones: interval.semitones)
        return Ratio(two: twos, three: three, five: five)
    }

    /// Cents of any directed interval given by its line-of-fifths place and its size; negative
    /// sizes are intervals downward.
    func centOffset(fifths: Int, semitones: Int) -> Double {
        guard let (three, five) = primeExponents(fifths: fifths) else { return Double(semitones) * 100 }
        let twos = octaves(three: three, five: five, semitones: semitones)
        return Double(three) * centsOfThree + Double(five) * centsOfFive + Double(twos) * 1200
    }

    /// Exponents of 3 and 5 in the interval's ratio; nil where the system is not built from ratios.
    /// Pythagorean: fifths only (3^f). Just: f = a + 4b with |a| ≤ 2 and the fewest thirds |b|,
    /// the symmetric 5-limit scale (m2 16/15, M2 9/8, A4 45/32, d5 64/45, m7 16/9, M7 15/8).
    func primeExponents(fifths: Int) -> (three: Int, five: Int)? {
        switch self {
        case .equalTemperament:
            return nil
        case .pythagorean:
            return (fifths, 0)
        case .justIntonation:
            let choices = (-2...2).filter { floorMod(fifths - $0, 4) == 0 }.map { a in (a, (fifths - a) / 4) }
            return choices.min { abs($0.1) < abs($1.1) }!
        }
    }

    /// The power of two that brings 3^three · 5^five nearest to the equal-tempered size.
    private func octaves(three: Int, five: Int, semitones: Int) -> Int {
        let cents = Double(semitones) * 100 - Double(three) * centsOfThree - Double(five) * centsOfFive
        return Int((cents / 1200).rounded())
    }
}

/// 1200·log2(3) and 1200·log2(5): the sizes of the ratios 3/1 and 5/1 in cents.
let centsOfThree = 1901.955_000_865_387_4
let centsOfFive = 2786.313_713_864_835

extension TuningSystem: CustomStringConvertible {
    public var description: String { name }
}

extension SpelledInterval {
    /// Parses a short name (`P5`, `m3`, `A4`, `d5`, `M13`), a long name ("minor third",
    /// "augmented fourth", "major 9th", "perfect eleventh"), or one of "unison", "prime", "tritone"
    /// (an augmented fourth), "octave". A bare perfect-class ordinal ("fifth") is perfect.
    /// `A4/d5` names the first of two enharmonic spellings.
    public init(parsing text: String) throws(TheoryError) {
        let parts = text.split(separator: "/")
        if parts.count == 2, let first = Self.parse(parts[0]), let second = Self.parse(parts[1]),
           first.semitones == second.semitones {
            self = first
            return
        }
        guard let interval = Self.parse(Substring(text)) else { throw .invalidInterval(text) }
        self = interval
    }

    private static func parse(_ text: Substring) -> SpelledInterval? {
        let trimmed = text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
        return parseShort(Substring(trimmed)) ?? parseLong(String(trimmed))
    }

    /// `P5`, `m3`, `M13`: one quality letter (case matters: m is minor, M major) and a number.
    private static func parseShort(_ text: Substring) -> SpelledInterval? {
        guard let first = text.first, let quality = IntervalQuality(rawValue: String(first)),
              let number = parseNumber(text.dropFirst())
        else { return nil }
        return try? SpelledInterval(quality, number)
    }

    private static func parseLong(_ text: String) -> SpelledInterval? {
        let words = text.lowercased().split { $0 == " " || $0 == "-" || $0 == "_" }.map(String.init)
        if words.count == 1 {
            switch words[0] {
            case "tritone": return try? SpelledInterval(.augmented, 4)
            case "unison", "prime": return try? SpelledInterval(.perfect, 1)
            default:
                // A bare ordinal must be a word ("fifth", "5th"): a bare "5" says too little.
                guard !words[0].allSatisfy(\.isNumber), let number = ordinalNumber(words[0]), isPerfectClass(number)
                else { return nil }
                return try? SpelledInterval(.perfect, number)
            }
        }
        guard words.count == 2, let quality = qualityWords[words[0]], let number = ordinalNumber(words[1]) else {
            return nil
        }
        return try? SpelledInterval(quality, number)
    }

    private static let qualityWords: [String: IntervalQuality] = [
        "perfect": .perfect, "perf": .perfect,
        "major": .major, "maj": .major,
        "minor": .minor, "min": .minor,
        "augmented": .augmented, "aug": .augmented,
        "diminished": .diminished, "dim": .diminished,
    ]

    private static func ordinalNumber(_ word: String) -> Int? {
        let names = [
            "unison": 1, "prime": 1, "second": 2, "third": 3, "fourth": 4, "forth": 4, "fifth": 5,
            "sixth": 6, "seventh": 7, "octave": 8, "eighth": 8, "ninth": 9, "tenth": 10,
            "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15,
        ]
        if let number = names[word] { return number }
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        let suffix = word.dropFirst(digits.count)
        guard ["", "st", "nd", "rd", "th"].contains(String(suffix)) else { return nil }
        return parseNumber(digits)
    }

    private static func parseNumber(_ text: Substring) -> Int? {
        guard (1...2).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}

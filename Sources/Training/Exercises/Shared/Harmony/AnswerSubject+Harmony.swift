import MusicTheory

/// What answers in a key are counted under, whichever kind asks them.
extension AnswerSubject {
    /// A degree of a scale or a key, 1 (the root) … 8 (the octave): a scale's, a degree's and a
    /// dictation's notes.
    public static func degree(_ number: Int) -> AnswerSubject {
        AnswerSubject(category: "degree", label: "degree \(number)", value: .number(Double(number)), order: [0, number])
    }

    /// A chord quality: a chord's, and a pure triad's.
    public static func chord(_ quality: ChordQuality) -> AnswerSubject {
        AnswerSubject(category: "chord", label: quality.rawValue, value: .string(quality.rawValue),
                      order: [2, ChordQuality.allCases.firstIndex(of: quality) ?? 0], spoken: SpokenText.withArticle("\(quality.name) chord"))
    }
}

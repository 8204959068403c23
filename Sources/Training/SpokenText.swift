import MusicTheory

/// Display text made fit to be read aloud: note names as words ("C sharp 3"), step patterns
/// (`W-H-W-W-W-H-W`) left out, since the voice says what the student needs to hear, not what
/// the screen shows.
public enum SpokenText {
    /// `text` with every note name and interval read out and every step pattern dropped. An
    /// interval is written `m3`, `P5`, `d5`; `A4` is the augmented fourth only beside other
    /// intervals (in a list of them), else the note A4.
    public static func readable(_ text: String) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map { String($0).trimmingSuffix(",") }
        let amongIntervals = words.contains { isUnambiguousInterval($0.body) }
        return words.compactMap { word -> String? in
            if isStepPattern(word.body) { return nil }
            if amongIntervals || isUnambiguousInterval(word.body), let interval = try? SpelledInterval(parsing: word.body) {
                return interval.name + word.suffix
            }
            if let note = try? SpelledNote(parsing: word.body) { return note.spoken + word.suffix }
            return word.body + word.suffix
        }.joined(separator: " ")
    }

    /// `name` after "a" or "an": "a minor sixth", "an augmented fourth".
    public static func withArticle(_ name: String) -> String {
        ("aeiou".contains(name.first?.lowercased() ?? "") ? "an " : "a ") + name
    }

    /// An interval that cannot be a note name: its quality is m, M, P or d.
    private static func isUnambiguousInterval(_ token: String) -> Bool {
        guard let first = token.first, "mMPd".contains(first) else { return false }
        return (try? SpelledInterval(parsing: token)) != nil
    }

    private static func isStepPattern(_ token: String) -> Bool {
        token.count >= 3 && token.split(separator: "-").allSatisfy { ["W", "H", "W+H", "3H"].contains(String($0)) }
    }
}

private extension String {
    /// The word without a trailing `mark`, and the mark.
    func trimmingSuffix(_ mark: Character) -> (body: String, suffix: String) {
        last == mark ? (String(dropLast()), String(mark)) : (self, "")
    }
}

extension ExerciseQuestion {
    /// What the voice says when the question is put: what is asked, read aloud. A kind whose
    /// title is part of the question (a scale's "D dorian") says more.
    public var spoken: String { SpokenText.readable(ask) }
}

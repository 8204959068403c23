import MusicTheory

/// Display text made fit to be read aloud: note names as words ("C sharp 3"), step patterns
/// (`W-H-W-W-W-H-W`) left out, since the voice says what the student needs to hear, not what
/// the screen shows.
public enum SpokenText {
    /// `text` with every note name read out and every step pattern dropped.
    public static func readable(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: true).compactMap { word -> String? in
            let token = String(word)
            if isStepPattern(token) { return nil }
            let trimmed = token.trimmingSuffix(",")
            if let note = try? SpelledNote(parsing: trimmed.body) { return note.spoken + trimmed.suffix }
            return token
        }.joined(separator: " ")
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

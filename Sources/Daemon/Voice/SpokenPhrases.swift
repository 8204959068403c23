import MusicTheory
import Training

/// What the voice says for each event, as words (nil: nothing). Never the answer while its
/// question is open: a prompt says what is asked (`ExerciseQuestion.spoken`), a wrong note says
/// "wrong", and the answer is spoken only once revealed.
struct SpokenPhrases {
    /// The question now open: whether one right note finishes it.
    private var singleAnswer = true

    mutating func phrase(for event: TrainingEvent, cues: AnswerCues) -> String? {
        switch event.kind {
        case .sessionStarted(let started):
            return SpokenText.readable(started.exercise.options.summary)
        case .prompt(let prompt):
            singleAnswer = prompt.question.shown.answerCount == nil
            return prompt.isRepeat ? nil : prompt.question.shown.spoken
        case .noteJudged(let judgement):
            guard cues == .words else { return nil }
            if !judgement.correct { return "wrong" }
            return singleAnswer ? "right" : nil
        case .roundComplete(let round):
            return "round complete, " + Self.count(round.errors, "error")
        case .answerRevealed(let revealed):
            let notes = revealed.answers.map(\.spelled.spoken).joined(separator: ", ")
            return "the answer: \(notes)"
        case .sessionEnded(let results):
            return "\(Self.count(results.correct, "correct", plural: "correct")), \(Self.count(results.errors, "error")), "
                + Self.spokenLength(results.sessionLength)
        }
    }

    /// "1 error", "3 errors".
    static func count(_ value: Int, _ singular: String, plural: String? = nil) -> String {
        "\(value) \(value == 1 ? singular : plural ?? singular + "s")"
    }

    /// "43 seconds", "2 minutes 5 seconds".
    static func spokenLength(_ length: Duration) -> String {
        let seconds = Int(length.components.seconds)
        guard seconds >= 60 else { return count(seconds, "second") }
        let minutes = count(seconds / 60, "minute")
        return seconds % 60 == 0 ? minutes : "\(minutes) \(count(seconds % 60, "second"))"
    }
}

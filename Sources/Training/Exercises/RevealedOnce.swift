/// A question with one answer, which a skip or the last allowed wrong try reveals: an interval,
/// a chord, a degree, a melody. It says how it is revealed; skipping and ending after a try are
/// the same for all of them.
protocol RevealedOnce: OpenQuestion {
    /// The answer shown, with what sounds and what the staff shows; counted in the tally.
    func reveal(_ reason: AnswerRevealed.Reason, context: inout QuestionContext) -> TrainingEvent.Kind
}

extension RevealedOnce {
    mutating func skip(context: inout QuestionContext) -> QuestionStep {
        context.skippedQuestion()
        return QuestionStep([reveal(.skipped, context: &context)], finished: true)
    }

    /// After a judged try: over when it was right, revealed when it was the last wrong one allowed.
    func step(after judgement: NoteJudgement, wrongTries: Int, allowed: Int, context: inout QuestionContext) -> QuestionStep {
        if judgement.correct { return QuestionStep([.noteJudged(judgement)], finished: true) }
        guard wrongTries >= allowed else { return QuestionStep([.noteJudged(judgement)]) }
        return QuestionStep([.noteJudged(judgement), reveal(.tooManyWrongTries, context: &context)], finished: true)
    }
}

extension QuestionContext {
    /// `subject`'s answer shown: counted as revealed and missed, and the question over when its
    /// tries ran out (a skip is counted by `skippedQuestion`).
    mutating func revealed(_ subject: AnswerSubject, reason: AnswerRevealed.Reason) {
        revealed(subject, skipped: reason == .skipped)
        recordAdaptive(subject, missed: true, responseTime: nil)
        if reason == .tooManyWrongTries { finishedQuestion() }
    }
}

import MusicTheory

/// A question one key answers at once, right or wrong, with no second try: an intonation drill's
/// higher or lower, first or second. Once answered, right or wrong, the question's sounds come
/// again (the pair compared, heard knowing the answer); a skip shows the answer and sounds them
/// too.
protocol AnsweredAtOnce: OpenQuestion {
    /// The key that charts the right answer: what the statistics store as expected.
    var expected: ExpectedNote { get }
    var subject: AnswerSubject { get }
    /// The answer in words, shown once judged (`higher`, `the first was pure`).
    var outcome: String { get }
    /// When the sound the student answers starts: the answer's time counts from it.
    var noteTime: Duration { get }
    /// What the judged event adds for a drawing of the answer (`second_cents`, `pure`) and what
    /// the key said (`answered`): given once it is answered, as the rest of the judgement.
    associatedtype AnswerDetails: KindDetails
    func answerDetails(answered: String) -> AnswerDetails
}

extension AnsweredAtOnce {
    /// The key's judgement, counted right or wrong (`answered`: what the key said, `higher`,
    /// `first`; the event's `answered`), the question over; `cents` is what the judgement carries.
    func judge(_ note: MIDINote, velocity: Int, correct: Bool, answered: String, cents: Double,
               context: inout QuestionContext) -> QuestionStep {
        let responseTime = context.responseTime(since: noteTime)
        context.firstNote(after: responseTime)
        if correct {
            context.right(subject, firstTry: true, responseTime: responseTime)
        } else {
            context.wrong(subject, heardAs: answered)
        }
        context.recordAdaptive(subject, missed: !correct, responseTime: correct ? responseTime : nil)
        context.finishedQuestion()
        let judgement = NoteJudgement(
            expected: expected, played: note, velocity: velocity, correct: correct, subject: subject, attempt: 1,
            responseTime: responseTime, sincePrompt: responseTime, staff: staff, sounds: replay(context.settings), cents: cents, outcome: outcome,
            details: .init(encoding: answerDetails(answered: answered)))
        return QuestionStep([.noteJudged(judgement)], finished: true)
    }

    /// The question's sounds again after its answer, the prompt's gap after the key (without it
    /// the key and the first note ran into one sound).
    func replay(_ settings: TrainingSettings) -> [SoundPhrase] {
        var phrases = sounds
        guard var first = phrases.first else { return [] }
        first.timing = first.notes.map { _ in NoteTime(start: settings.promptGap.seconds, length: settings.noteDuration.seconds) }
        phrases[0] = first
        return phrases
    }

    /// Skipped: the answer is shown, and the question sounds again.
    mutating func skip(context: inout QuestionContext) -> QuestionStep {
        context.skippedQuestion()
        context.revealed(subject, reason: .skipped)
        return QuestionStep([.answerRevealed(AnswerRevealed(
            answers: [expected], subjects: [subject], reason: .skipped, sounds: sounds, staff: staff))], finished: true)
    }
}

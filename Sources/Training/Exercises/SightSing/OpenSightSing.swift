import MusicTheory

/// A melody waiting to be sung: its notes are judged one by one from the first, and a wrong one
/// starts the attempt again from the first. The staff shows the melody throughout, the notes
/// sung right so far as answers.
struct OpenSightSing: RevealedOnce {
    let shown: SightSingQuestion
    let exercise: SightSingExercise
    let inKey: Int
    /// What sets the key as it opens: a new key's cadence, or the tonic.
    let sounds: [SoundPhrase]
    /// The cadence (or tonic) again, whether or not it sounded before this melody.
    let keySounds: [SoundPhrase]
    /// When what sets the key has sounded: the first note is timed from here.
    let promptTime: Duration
    /// The melody sung back so far.
    var attempt: MelodyAttempt

    var question: any ExerciseQuestion { shown }
    /// The melody itself never sounds while it is open: "again" sets the key again.
    var noteSounds: [SoundPhrase] { [SoundPhrase([attempt.key.tonicKey])] }
    /// The melody, the notes sung right so far as answers.
    var staff: Staff { Staff(shown.notes.enumerated().map { StaffNote($1, role: $0 < attempt.index ? .answer : .root) }) }

    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep {
        let sung = attempt.press(note, since: promptTime, context: &context)
        let finished = attempt.complete
        if finished { context.finishedQuestion() }
        let judgement = NoteJudgement(
            expected: sung.expected, played: note, velocity: velocity, correct: sung.correct, subject: sung.subject,
            attempt: sung.attempt, responseTime: sung.responseTime, sincePrompt: context.time - promptTime, staff: staff)
        if sung.correct { return QuestionStep([.noteJudged(judgement)], finished: finished) }
        guard attempt.wrongAttempts >= exercise.triesBeforeReveal else { return QuestionStep([.noteJudged(judgement)]) }
        return QuestionStep([.noteJudged(judgement), reveal(.tooManyWrongTries, context: &context)], finished: true)
    }

    /// The melody sounds, and the staff shows it as revealed.
    func reveal(_ reason: AnswerRevealed.Reason, context: inout QuestionContext) -> TrainingEvent.Kind {
        context.revealed(.degree(attempt.degrees[attempt.index]), skipped: reason == .skipped)
        if reason == .tooManyWrongTries { context.finishedQuestion() }
        return .answerRevealed(AnswerRevealed(
            answers: attempt.notes, subjects: Array(Set(attempt.degrees)).sorted().map(AnswerSubject.degree), reason: reason,
            sounds: [SoundPhrase(attempt.notes.map(\.midiNote))], staff: Staff(shown.notes.map { StaffNote($0, role: .revealed) })))
    }
}

import MusicTheory

/// An interval question waiting for its answer: one key answers it, or the tries run out.
struct OpenIntervalQuestion: RevealedOnce {
    let intervalQuestion: IntervalQuestion
    let exercise: IntervalDrill
    let promptTime: Duration
    var wrongTries = 0

    var question: any ExerciseQuestion { intervalQuestion }
    /// The root.
    var sounds: [SoundPhrase] { [SoundPhrase([intervalQuestion.rootNote])] }
    /// The root alone: the answer is the student's to find.
    var staff: Staff { Staff([StaffNote(intervalQuestion.drawn.root, role: .root)]) }

    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep {
        let question = intervalQuestion
        let subject = AnswerSubject.interval(question.interval)
        let responseTime = context.responseTime(since: promptTime)
        let attempt = wrongTries + 1
        if attempt == 1 { context.firstNote(after: responseTime) }
        let correct = question.answer.isAnswered(by: note)
        var shown = staff
        if correct {
            context.right(subject, firstTry: attempt == 1, responseTime: responseTime)
            context.recordAdaptive(subject, missed: attempt > 1, responseTime: responseTime)
            context.finishedQuestion()
            shown = Staff([StaffNote(question.drawn.root, role: .root), StaffNote(question.drawn.answer, role: .answer)])
        } else {
            let distance = note.rawValue - question.rootNote.rawValue
            let played = floorMod(question.direction.signed(distance), 12)
            context.wrong(subject, played: Interval(rawValue: played)!)
            wrongTries += 1
        }
        // The right answer's echo: root then answer, one after the other, whatever
        // `harmonicIntervals` says, so the student hears the interval's direction.
        let judgement = NoteJudgement(
            expected: question.answer, played: note, velocity: velocity, correct: correct, subject: subject,
            attempt: attempt, responseTime: responseTime, sincePrompt: responseTime, staff: shown,
            sounds: correct && exercise.echoAnswer ? [SoundPhrase([question.rootNote, question.answer.midiNote])] : []
        )
        return step(after: judgement, wrongTries: wrongTries, allowed: exercise.triesBeforeReveal, context: &context)
    }

    func reveal(_ reason: AnswerRevealed.Reason, context: inout QuestionContext) -> TrainingEvent.Kind {
        let question = intervalQuestion
        context.revealed(.interval(question.interval), reason: reason)
        let staff = Staff([StaffNote(question.drawn.root, role: .root), StaffNote(question.drawn.answer, role: .revealed)])
        // Root and answer, together when the settings sound intervals harmonically.
        let sounds = [SoundPhrase([question.rootNote, question.answer.midiNote], together: context.settings.harmonicIntervals)]
        return .answerRevealed(AnswerRevealed(
            answers: [question.answer], subjects: [.interval(question.interval)], reason: reason, sounds: sounds, staff: staff
        ))
    }
}

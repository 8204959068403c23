import MusicTheory

/// A match question waiting for its answer: the held note sounds `detune` cents off the target
/// and follows the wheel; any key (not a control) confirms it, judged by where the wheel is then.
/// One answer ends the question, right or wrong: the error is the answer, and the next question
/// asks again.
struct OpenMatchQuestion: OpenQuestion {
    let shown: MatchQuestion
    /// Cents the held note starts from the target, sharp positive: the answer, never shown open.
    let detune: Double
    let exercise: MatchExercise
    /// When the held note starts: the answer's time is counted from it.
    var heldTime: Duration = .zero

    var question: any ExerciseQuestion { shown }
    var subject: AnswerSubject { .match(shown.interval, tuning: shown.tuning) }

    /// The reference alone.
    var sounds: [SoundPhrase] { [SoundPhrase([shown.rootNote])] }

    /// The target, detuned, held after the reference.
    var held: HeldNote? { HeldNote(shown.targetNote, cents: detune, tuning: shown.tuning) }

    var staff: Staff { Staff([StaffNote(shown.root, role: .root)]) }

    private var answer: ExpectedNote {
        ExpectedNote(spelled: shown.target, midiNote: shown.targetNote, exactOctaveRequired: false)
    }

    /// The signed error with the wheel at `wheel`: where the held note sounds from the target.
    func error(wheel: Int, settings: TrainingSettings) -> Double {
        detune + PitchWheel.cents(wheel, rangeSemitones: settings.bendRangeSemitones)
    }

    /// Whether an error is in tune: within the tolerance (to a thousandth of a cent, so the
    /// wheel's own steps do not tip a boundary).
    func inTune(_ error: Double) -> Bool {
        (abs(error) * 1000).rounded() <= Double(exercise.tolerance * 1000)
    }

    /// The reference, then the target in tune: what it should have been.
    private var echo: [SoundPhrase] {
        [SoundPhrase([shown.rootNote]), SoundPhrase([shown.targetNote], tuning: shown.tuning)]
    }

    /// The target in tune, as the held note is tuned: from the reference, in the question's
    /// tuning or the session's.
    func target(settings: TrainingSettings) -> Frequency {
        (shown.tuning ?? settings.tuningSystem).frequency(of: shown.targetNote, root: shown.rootNote, reference: settings.referencePitch)
    }

    /// A key confirms where the wheel is; a note sung or bowed is its own answer, its cents from
    /// the target in tune in whichever octave it was sung.
    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep {
        let cents = context.heardNote.map { $0.cents(from: target(settings: context.settings), octaveFree: true) }
            ?? error(wheel: context.wheel, settings: context.settings)
        let correct = inTune(cents)
        let responseTime = context.responseTime(since: heldTime, after: context.settings.promptGap)
        context.firstNote(after: responseTime)
        if correct {
            context.right(subject, firstTry: true, responseTime: responseTime)
        } else {
            context.wrong(subject, heardAs: cents > 0 ? "sharp" : "flat")
        }
        context.recordAdaptive(subject, missed: !correct, responseTime: responseTime)
        context.tunedAnswer(subject, cents: cents)
        context.finishedQuestion()
        let judgement = NoteJudgement(
            expected: answer, played: note, velocity: velocity, correct: correct, subject: subject, attempt: 1,
            responseTime: responseTime, sincePrompt: responseTime,
            staff: Staff([StaffNote(shown.root, role: .root), StaffNote(shown.target, role: .answer)]),
            sounds: echo, cents: (cents * 1000).rounded() / 1000, details: .init(encoding: MatchAnswer(toleranceCents: exercise.tolerance)))
        return QuestionStep([.noteJudged(judgement)], finished: true)
    }

    mutating func skip(context: inout QuestionContext) -> QuestionStep {
        context.skippedQuestion()
        context.revealed(subject, reason: .skipped)
        return QuestionStep([.answerRevealed(AnswerRevealed(
            answers: [answer], subjects: [subject], reason: .skipped, sounds: echo,
            staff: Staff([StaffNote(shown.root, role: .root), StaffNote(shown.target, role: .revealed)])))], finished: true)
    }
}

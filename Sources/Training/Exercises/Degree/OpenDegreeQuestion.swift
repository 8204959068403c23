import MusicTheory

/// A degree question waiting for its answer: one key answers it (any octave of the degree, or
/// the octave heard), or the tries run out. The answer resolves stepwise to the tonic.
struct OpenDegreeQuestion: RevealedOnce {
    let shown: DegreeQuestion
    /// 1…7.
    let degree: Int
    /// The cadence sounds before the note (every question, or only a new key's).
    let withCadence: Bool
    let exercise: DegreeExercise
    /// When the note starts to sound: the answer's time is counted from it, not from the
    /// cadence (or the last question's resolution) before it.
    var noteTime: Duration = .zero
    var wrongTries = 0

    var question: any ExerciseQuestion { shown }
    var subject: AnswerSubject { .degree(degree) }
    var tonic: SpelledNote { shown.root }

    /// The degree as written and sounded, in the octave above the tonic.
    var answer: ExpectedNote {
        let spelled = (try? shown.root.transposed(by: shown.key.degreeIntervals[degree - 1])) ?? SpelledNote(shown.rootNote)
        return ExpectedNote(spelled: spelled, midiNote: MIDINote(spelled.midiNumber), exactOctaveRequired: exercise.exactOctave)
    }

    /// The cadence's four chords (when it sounds), then the note.
    var sounds: [SoundPhrase] { (withCadence ? cadence : []) + [SoundPhrase([answer.midiNote])] }

    /// The cadence and the note, whether or not the cadence came before it: a student asking
    /// again hears the key set again.
    var soundsOnRepeat: [SoundPhrase] { cadence + [SoundPhrase([answer.midiNote])] }

    /// The cadence alone, or the note alone.
    var keySounds: [SoundPhrase] { cadence }
    var noteSounds: [SoundPhrase] { [SoundPhrase([answer.midiNote])] }

    /// The key's cadence, four chords together.
    private var cadence: [SoundPhrase] { SoundPhrase.cadence(of: shown.key, tonic: shown.root) }

    /// The tonic alone.
    var staff: Staff { Staff([StaffNote(shown.root, role: .root)]) }

    /// The note, then its way to the tonic: 1…4 fall, 5…7 rise to the octave.
    var resolution: SoundPhrase {
        let notes = (try? shown.key.resolution(ofDegree: degree, tonic: shown.root)) ?? [answer.spelled]
        return SoundPhrase(notes.map { MIDINote($0.midiNumber) })
    }

    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep {
        let expected = answer
        let responseTime = context.responseTime(since: noteTime)
        let attempt = wrongTries + 1
        if attempt == 1 { context.firstNote(after: responseTime) }
        let correct = expected.isAnswered(by: note)
        var shownStaff = staff
        if correct {
            context.right(subject, firstTry: attempt == 1, responseTime: responseTime)
            context.recordAdaptive(subject, missed: attempt > 1, responseTime: responseTime)
            context.finishedQuestion()
            shownStaff = Staff([StaffNote(shown.root, role: .root), StaffNote(expected.spelled, role: .answer)])
        } else {
            context.wrong(subject, heardAs: shown.key.degreeIntervals.degreeName(semitones: note.rawValue - shown.rootNote.rawValue))
            wrongTries += 1
        }
        let judgement = NoteJudgement(
            expected: expected, played: note, velocity: velocity, correct: correct, subject: subject,
            attempt: attempt, responseTime: responseTime, sincePrompt: responseTime, staff: shownStaff,
            sounds: correct ? [resolution] : [])
        return step(after: judgement, wrongTries: wrongTries, allowed: exercise.triesBeforeReveal, context: &context)
    }

    func reveal(_ reason: AnswerRevealed.Reason, context: inout QuestionContext) -> TrainingEvent.Kind {
        context.revealed(subject, reason: reason)
        return .answerRevealed(AnswerRevealed(
            answers: [answer], subjects: [subject], reason: reason, sounds: [resolution],
            staff: Staff([StaffNote(shown.root, role: .root), StaffNote(answer.spelled, role: .revealed)])))
    }
}

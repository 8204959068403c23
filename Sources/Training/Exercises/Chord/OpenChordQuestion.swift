import MusicTheory

/// A chord question waiting for its answer: keys pressed within `ChordGroup.window` of the
/// first are one answer, judged when it has as many pitch classes as the chord, or when its
/// keys are all released.
struct OpenChordQuestion: RevealedOnce, AnsweredByKeyGroups {
    let shown: ChordQuestion
    let chord: Chord
    /// The chord as sounded: root position, close, from the root key.
    let voicing: [MIDINote]
    let exercise: ChordExercise
    let promptTime: Duration
    var group = ChordGroup()
    var wrongTries = 0
    /// The chord's pitch classes: an answer with as many is complete.
    let pitchClassCount: Int

    var question: any ExerciseQuestion { shown }
    var subject: AnswerSubject { .chord(chord.quality) }

    /// The root alone, then the chord.
    var sounds: [SoundPhrase] { [SoundPhrase([shown.rootNote]), SoundPhrase(voicing, together: !exercise.arpeggio)] }
    var staff: Staff { Staff([StaffNote(shown.root, role: .root)]) }

    var completingPitchClasses: Int? { pitchClassCount }

    mutating func judge(_ played: [MIDINote], velocity: Int, context: inout QuestionContext) -> QuestionStep {
        let correct = exercise.strict ? Chord.matchesStrictly(played, expected: voicing) : chord.matchesLoosely(played)
        let responseTime = context.responseTime(since: promptTime)
        let attempt = wrongTries + 1
        if attempt == 1 { context.firstNote(after: responseTime) }
        let expected = ExpectedNote(spelled: shown.root, midiNote: shown.rootNote, exactOctaveRequired: exercise.strict)
        var shownStaff = staff
        var heardAs: String?
        if correct {
            context.right(subject, firstTry: attempt == 1, responseTime: responseTime)
            context.recordAdaptive(subject, missed: attempt > 1, responseTime: responseTime)
            context.finishedQuestion()
            shownStaff = Staff((try? chord.notes(from: shown.root))?.map { StaffNote($0, role: .answer) } ?? [])
        } else {
            let heard = Chord.heard(played, root: shown.root.name.pitchClass)
            heardAs = heard.name
            context.wrong(subject, heardAs: heard.counted)
            wrongTries += 1
        }
        let judgement = NoteJudgement(
            expected: expected, played: played.max() ?? shown.rootNote, velocity: velocity, correct: correct, subject: subject,
            attempt: attempt, responseTime: responseTime, sincePrompt: responseTime, staff: shownStaff,
            sounds: correct ? [SoundPhrase(voicing, together: true)] : [], keys: played.sorted(), heardAs: heardAs)
        return step(after: judgement, wrongTries: wrongTries, allowed: exercise.triesBeforeReveal, context: &context)
    }

    func reveal(_ reason: AnswerRevealed.Reason, context: inout QuestionContext) -> TrainingEvent.Kind {
        context.revealed(subject, reason: reason)
        let notes = (try? chord.notes(from: shown.root)) ?? []
        let answers = zip(notes, voicing).map { ExpectedNote(spelled: $0, midiNote: $1, exactOctaveRequired: exercise.strict) }
        return .answerRevealed(AnswerRevealed(
            answers: answers, subjects: [subject], reason: reason, sounds: [SoundPhrase(voicing, together: true)],
            staff: Staff(notes.map { StaffNote($0, role: .revealed) })))
    }
}

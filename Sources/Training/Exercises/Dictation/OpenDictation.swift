import MusicTheory

/// A dictation waiting for its melody: the notes are judged one by one from the first; a wrong
/// one starts the attempt again from the first note.
struct OpenDictation: RevealedOnce {
    let shown: DictationQuestion
    let notes: [ExpectedNote]
    /// Each note's scale degree: what its answers are counted under.
    let degrees: [Int]
    let exercise: DictationExercise
    /// The key, kept for `DictationExercise.melodiesPerKey` melodies; this is the `inKey`-th in it.
    let key: DictationKey
    let inKey: Int
    /// What sets the key before the first melody in it (nothing before the others).
    let keyContext: [SoundPhrase]
    /// The prompt's time with what sets the key after it: the first note's time counts from here.
    let promptTime: Duration
    /// The note expected next.
    var index = 0
    var wrongAttempts = 0
    /// When the expected note became expected.
    var expectedSince: Duration?

    var question: any ExerciseQuestion { shown }
    var melody: SoundPhrase { SoundPhrase(notes.map(\.midiNote)) }
    /// What sets the key (a new key's first melody), the first note alone, then the melody.
    var sounds: [SoundPhrase] { keyContext + [SoundPhrase([notes[0].midiNote]), melody] }
    /// The first note.
    var staff: Staff { Staff([StaffNote(shown.root, role: .root)]) }

    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep {
        let expected = notes[index]
        let subject = AnswerSubject.degree(degrees[index])
        let responseTime = context.time - (expectedSince ?? promptTime)
        let attempt = wrongAttempts + 1
        if index == 0 && attempt == 1 { context.firstNote(after: responseTime) }
        let correct = expected.isAnswered(by: note)
        var played = Staff([StaffNote(shown.root, role: .root)])
        if correct {
            context.right(subject, firstTry: attempt == 1, responseTime: responseTime)
            index += 1
            expectedSince = context.time
            played = Staff(notes[0..<index].map { StaffNote($0.spelled, role: .answer) })
        } else {
            context.wrong(subject, heardAs: exercise.mode.degrees.dropLast().map { $0 }.degreeName(semitones: note.rawValue - shown.tonic.rawValue))
            wrongAttempts += 1
            index = 0
            expectedSince = context.time
        }
        let finished = correct && index == notes.count
        if finished { context.finishedQuestion() }
        let judgement = NoteJudgement(
            expected: expected, played: note, velocity: velocity, correct: correct, subject: subject,
            attempt: attempt, responseTime: responseTime, sincePrompt: context.time - promptTime, staff: played,
            sounds: finished ? [melody] : [])
        if finished { return QuestionStep([.noteJudged(judgement)], finished: true) }
        guard !correct, wrongAttempts >= exercise.triesBeforeReveal else { return QuestionStep([.noteJudged(judgement)]) }
        return QuestionStep([.noteJudged(judgement), reveal(.tooManyWrongTries, context: &context)], finished: true)
    }

    func reveal(_ reason: AnswerRevealed.Reason, context: inout QuestionContext) -> TrainingEvent.Kind {
        let subjects = Array(Set(degrees)).sorted().map(AnswerSubject.degree)
        // One melody revealed, counted under the note it stopped at.
        context.revealed(.degree(degrees[index]), skipped: reason == .skipped)
        if reason == .tooManyWrongTries { context.finishedQuestion() }
        return .answerRevealed(AnswerRevealed(
            answers: notes, subjects: subjects, reason: reason, sounds: [melody],
            staff: Staff([StaffNote(shown.root, role: .root)] + notes.dropFirst().map { StaffNote($0.spelled, role: .revealed) })))
    }
}

import MusicTheory

/// A melody waiting to be sung: its notes are judged one by one from the first, and a wrong one
/// starts the attempt again from the first. The staff shows the melody throughout, the notes
/// sung right so far as answers.
struct OpenSightSing: RevealedOnce {
    let shown: SightSingQuestion
    let notes: [ExpectedNote]
    /// Each note's scale degree: what its answers are counted under.
    let degrees: [Int]
    let exercise: SightSingExercise
    /// The key, kept for `SightSingExercise.melodiesPerKey` melodies; this is the `inKey`-th in it.
    let key: MelodyKey
    let inKey: Int
    /// What sets the key as it opens: a new key's cadence, or the tonic.
    let sounds: [SoundPhrase]
    /// The cadence (or tonic) again, whether or not it sounded before this melody.
    let keySounds: [SoundPhrase]
    /// When what sets the key has sounded: the first note is timed from here.
    let promptTime: Duration
    /// The note expected next.
    var index = 0
    var wrongAttempts = 0
    /// The notes whose right answer is counted: each once, however many attempts sing it again.
    var counted: Set<Int> = []
    /// When the expected note became expected.
    var expectedSince: Duration?

    var question: any ExerciseQuestion { shown }
    /// The melody itself never sounds while it is open: "again" sets the key again.
    var noteSounds: [SoundPhrase] { [SoundPhrase([key.tonicKey])] }
    /// The melody, the first `sung` notes as answers.
    var staff: Staff { staff(sung: index) }

    func staff(sung: Int) -> Staff {
        Staff(shown.notes.enumerated().map { StaffNote($1, role: $0 < sung ? .answer : .root) })
    }

    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep {
        let expected = notes[index]
        let subject = AnswerSubject.degree(degrees[index])
        let responseTime = context.responseTime(expectedSince: expectedSince, since: promptTime)
        let attempt = wrongAttempts + 1
        if index == 0 && attempt == 1 { context.firstNote(after: responseTime) }
        let correct = expected.isAnswered(by: note)
        if correct {
            if counted.insert(index).inserted { context.right(subject, firstTry: attempt == 1, responseTime: responseTime) }
            index += 1
        } else {
            context.wrong(subject, heardAs: key.mode.degrees.dropLast().map { $0 }.degreeName(semitones: note.rawValue - key.tonicKey.rawValue))
            wrongAttempts += 1
            index = 0
        }
        expectedSince = context.time
        let finished = correct && index == notes.count
        if finished { context.finishedQuestion() }
        let judgement = NoteJudgement(
            expected: expected, played: note, velocity: velocity, correct: correct, subject: subject,
            attempt: attempt, responseTime: responseTime, sincePrompt: context.time - promptTime, staff: staff)
        if finished || correct { return QuestionStep([.noteJudged(judgement)], finished: finished) }
        guard wrongAttempts >= exercise.triesBeforeReveal else { return QuestionStep([.noteJudged(judgement)]) }
        return QuestionStep([.noteJudged(judgement), reveal(.tooManyWrongTries, context: &context)], finished: true)
    }

    /// The melody sounds, and the staff shows it as revealed.
    func reveal(_ reason: AnswerRevealed.Reason, context: inout QuestionContext) -> TrainingEvent.Kind {
        context.revealed(.degree(degrees[index]), skipped: reason == .skipped)
        if reason == .tooManyWrongTries { context.finishedQuestion() }
        return .answerRevealed(AnswerRevealed(
            answers: notes, subjects: Array(Set(degrees)).sorted().map(AnswerSubject.degree), reason: reason,
            sounds: [SoundPhrase(notes.map(\.midiNote))], staff: Staff(shown.notes.map { StaffNote($0, role: .revealed) })))
    }
}

import MusicTheory

/// A dictation waiting for its melody: the notes are judged one by one from the first; a wrong
/// one starts the attempt again from the first note. With a rhythm, an attempt right in every
/// pitch is judged on its onsets too, and one off time starts again as a wrong note does.
struct OpenDictation: RevealedOnce {
    let shown: DictationQuestion
    let notes: [ExpectedNote]
    /// Each note's scale degree: what its answers are counted under.
    let degrees: [Int]
    let exercise: DictationExercise
    /// The key, kept for `DictationExercise.melodiesPerKey` melodies; this is the `inKey`-th in it.
    let key: MelodyKey
    let inKey: Int
    /// What sets the key before the first melody in it (nothing before the others).
    let keyContext: [SoundPhrase]
    /// What sets the key, whether or not it sounded before this melody: the cadence again.
    let keySounds: [SoundPhrase]
    /// The melody's rhythm (`dictation --rhythm`); nil: its pitches alone are asked.
    let rhythm: MelodyRhythm?
    /// The prompt's time with what sets the key after it: the first note's time counts from here.
    let promptTime: Duration
    /// The score and bars it came from (`dictation --from`); nil for a melody made here.
    var source: String? = nil
    /// The note expected next.
    var index = 0
    var wrongAttempts = 0
    /// The notes whose right answer is counted: each once, however many attempts sing it again.
    var counted: Set<Int> = []
    /// When the expected note became expected.
    var expectedSince: Duration?
    /// The attempt's right notes so far: when each was played, and its key.
    var onsets: [Duration] = []
    var keys: [MIDINote] = []
    /// The last wrong attempt was wrong on its rhythm, not on a pitch: what a reveal counts.
    var missedRhythm = false

    var question: any ExerciseQuestion { shown }
    /// The melody as it is echoed and revealed: in time with a rhythm, without the count-in.
    var melody: SoundPhrase {
        rhythm?.phrase(notes.map(\.midiNote), tonic: shown.tonic, countIn: false) ?? SoundPhrase(notes.map(\.midiNote))
    }
    /// What sets the key (a new key's first melody), the first note alone, then the melody (in
    /// time after a bar of count-in, with a rhythm).
    var sounds: [SoundPhrase] { keyContext + noteSounds }
    /// The first note alone, then the melody: the notes again, without the cadence.
    var noteSounds: [SoundPhrase] {
        [SoundPhrase([notes[0].midiNote]), rhythm?.phrase(notes.map(\.midiNote), tonic: shown.tonic, countIn: true) ?? melody]
    }
    /// The first note.
    var staff: Staff { Staff([StaffNote(shown.root, role: .root)]) }

    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep {
        let expected = notes[index]
        let subject = AnswerSubject.degree(degrees[index])
        // A key played while the key is still being set counts as at once, never before it.
        let responseTime = context.responseTime(expectedSince: expectedSince, since: promptTime)
        let attempt = wrongAttempts + 1
        if index == 0 && attempt == 1 { context.firstNote(after: responseTime) }
        let correct = expected.isAnswered(by: note)
        var played = staff
        if correct {
            if counted.insert(index).inserted { context.right(subject, firstTry: attempt == 1, responseTime: responseTime) }
            if index == 0 { (onsets, keys) = ([], []) }
            onsets.append(context.time)
            keys.append(note)
            index += 1
            expectedSince = context.time
            played = Staff(notes[0..<index].map { StaffNote($0.spelled, role: .answer) })
        } else {
            context.wrong(subject, heardAs: key.mode.degrees.dropLast().map { $0 }.degreeName(semitones: note.rawValue - shown.tonic.rawValue))
            wrongAttempts += 1
            missedRhythm = false
            index = 0
            expectedSince = context.time
        }
        let complete = correct && index == notes.count
        let finished = complete && rhythm == nil
        if finished { context.finishedQuestion() }
        let judgement = NoteJudgement(
            expected: expected, played: note, velocity: velocity, correct: correct, subject: subject,
            attempt: attempt, responseTime: responseTime, sincePrompt: context.time - promptTime, staff: played,
            sounds: finished ? [melody] : [])
        if complete, let rhythm { return timed(rhythm, after: judgement, context: &context) }
        if finished { return QuestionStep([.noteJudged(judgement)], finished: true) }
        guard !correct, wrongAttempts >= exercise.triesBeforeReveal else { return QuestionStep([.noteJudged(judgement)]) }
        return QuestionStep([.noteJudged(judgement), reveal(.tooManyWrongTries, context: &context)], finished: true)
    }

    /// An attempt right in every pitch, judged on its onsets: right, the melody is done; off
    /// time, the attempt starts again (or, its tries spent, the melody is revealed).
    private mutating func timed(_ rhythm: MelodyRhythm, after pitches: NoteJudgement, context: inout QuestionContext) -> QuestionStep {
        let (result, words, details) = rhythm.judged(onsets)
        let responseTime = max(.zero, onsets[0] - promptTime)
        if result.correct {
            context.right(rhythm.subject, firstTry: pitches.attempt == 1, responseTime: responseTime)
            context.finishedQuestion()
        } else {
            context.wrong(rhythm.subject, heardAs: words)
            wrongAttempts += 1
            missedRhythm = true
            index = 0
            expectedSince = context.time
        }
        let judgement = NoteJudgement(
            expected: pitches.expected, played: pitches.played, velocity: pitches.velocity, correct: result.correct,
            subject: rhythm.subject, attempt: pitches.attempt, responseTime: responseTime, sincePrompt: pitches.sincePrompt,
            staff: result.correct ? pitches.staff : staff, sounds: result.correct ? [melody] : [], keys: keys,
            details: result.correct || wrongAttempts >= exercise.triesBeforeReveal ? details.merging(rhythm.answered) { $1 } : details,
            described: "rhythm " + words)
        var step = step(after: judgement, wrongTries: wrongAttempts, allowed: exercise.triesBeforeReveal, context: &context)
        step.events.insert(.noteJudged(pitches), at: 0)
        return step
    }

    func reveal(_ reason: AnswerRevealed.Reason, context: inout QuestionContext) -> TrainingEvent.Kind {
        let subjects = Array(Set(degrees)).sorted().map(AnswerSubject.degree)
        // One melody revealed, counted under the note it stopped at, or its rhythm.
        let stoppedAt = reason == .tooManyWrongTries && missedRhythm ? rhythm?.subject : nil
        context.revealed(stoppedAt ?? .degree(degrees[index]), skipped: reason == .skipped)
        if reason == .tooManyWrongTries { context.finishedQuestion() }
        return .answerRevealed(AnswerRevealed(
            answers: notes, subjects: subjects + (rhythm.map { [$0.subject] } ?? []), reason: reason, sounds: [melody],
            staff: Staff([StaffNote(shown.root, role: .root)] + notes.dropFirst().map { StaffNote($0.spelled, role: .revealed) }),
            details: rhythm?.answered ?? [:]))
    }
}

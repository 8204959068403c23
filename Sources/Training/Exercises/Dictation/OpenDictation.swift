import MusicTheory

/// A dictation waiting for its melody: the notes are judged one by one from the first; a wrong
/// one starts the attempt again from the first note. With a rhythm, an attempt right in every
/// pitch is judged on its onsets too, and one off time starts again as a wrong note does.
struct OpenDictation: RevealedOnce {
    let shown: DictationQuestion
    let exercise: DictationExercise
    /// This is the `inKey`-th melody in its key, kept for `DictationExercise.melodiesPerKey`.
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
    /// The melody played back so far: the note expected next, the wrong attempts.
    var attempt: MelodyAttempt
    /// The attempt's right notes so far: when each was played, and its key.
    var onsets: [Duration] = []
    var keys: [MIDINote] = []
    /// The last wrong attempt was wrong on its rhythm, not on a pitch: what a reveal counts.
    var missedRhythm = false

    init(shown: DictationQuestion, notes: [ExpectedNote], degrees: [Int], exercise: DictationExercise, key: MelodyKey, inKey: Int,
         keyContext: [SoundPhrase], keySounds: [SoundPhrase], rhythm: MelodyRhythm?, promptTime: Duration, source: String? = nil) {
        self.shown = shown
        self.exercise = exercise
        self.inKey = inKey
        self.keyContext = keyContext
        self.keySounds = keySounds
        self.rhythm = rhythm
        self.promptTime = promptTime
        self.source = source
        attempt = MelodyAttempt(notes: notes, degrees: degrees, key: key)
    }

    var notes: [ExpectedNote] { attempt.notes }
    /// Each note's scale degree: what its answers are counted under.
    var degrees: [Int] { attempt.degrees }
    /// The key, kept for `DictationExercise.melodiesPerKey` melodies.
    var key: MelodyKey { attempt.key }

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
        let played = attempt.press(note, since: promptTime, context: &context)
        var staff = self.staff
        if played.correct {
            if played.position == 0 { (onsets, keys) = ([], []) }
            onsets.append(context.time)
            keys.append(note)
            staff = Staff(notes[0..<attempt.index].map { StaffNote($0.spelled, role: .answer) })
        } else {
            missedRhythm = false
        }
        let complete = played.correct && attempt.complete
        let finished = complete && rhythm == nil
        if finished { context.finishedQuestion() }
        let judgement = NoteJudgement(
            expected: played.expected, played: note, velocity: velocity, correct: played.correct, subject: played.subject,
            attempt: played.attempt, responseTime: played.responseTime, sincePrompt: context.time - promptTime, staff: staff,
            sounds: finished ? [melody] : [])
        if complete, let rhythm { return timed(rhythm, after: judgement, context: &context) }
        if finished { return QuestionStep([.noteJudged(judgement)], finished: true) }
        guard !played.correct, attempt.wrongAttempts >= exercise.triesBeforeReveal else { return QuestionStep([.noteJudged(judgement)]) }
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
            attempt.startAgain(at: context.time)
            missedRhythm = true
        }
        let judgement = NoteJudgement(
            expected: pitches.expected, played: pitches.played, velocity: pitches.velocity, correct: result.correct,
            subject: rhythm.subject, attempt: pitches.attempt, responseTime: responseTime, sincePrompt: pitches.sincePrompt,
            staff: result.correct ? pitches.staff : staff, sounds: result.correct ? [melody] : [], keys: keys,
            details: result.correct || attempt.wrongAttempts >= exercise.triesBeforeReveal ? details.merging(rhythm.answered) { $1 } : details,
            described: "rhythm " + words)
        var step = step(after: judgement, wrongTries: attempt.wrongAttempts, allowed: exercise.triesBeforeReveal, context: &context)
        step.events.insert(.noteJudged(pitches), at: 0)
        return step
    }

    func reveal(_ reason: AnswerRevealed.Reason, context: inout QuestionContext) -> TrainingEvent.Kind {
        let subjects = Array(Set(degrees)).sorted().map(AnswerSubject.degree)
        // One melody revealed, counted under the note it stopped at, or its rhythm.
        let stoppedAt = reason == .tooManyWrongTries && missedRhythm ? rhythm?.subject : nil
        context.revealed(stoppedAt ?? .degree(degrees[attempt.index]), skipped: reason == .skipped)
        if reason == .tooManyWrongTries { context.finishedQuestion() }
        return .answerRevealed(AnswerRevealed(
            answers: notes, subjects: subjects + (rhythm.map { [$0.subject] } ?? []), reason: reason, sounds: [melody],
            staff: Staff([StaffNote(shown.root, role: .root)] + notes.dropFirst().map { StaffNote($0.spelled, role: .revealed) }),
            details: rhythm?.answered ?? [:]))
    }
}

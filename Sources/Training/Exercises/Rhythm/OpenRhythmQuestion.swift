import MusicTheory

/// A rhythm waiting to be played back: each key's onset is kept; the play-back is judged once it
/// has as many onsets as the pattern and the last came near where it was due, or else once its
/// time is over (a beat after where its last onset was due); a wrong one may be tried again.
/// With `durations`, each key's release is kept too, and the play-back is judged once its keys
/// are all up, every note's length against its written one.
struct OpenRhythmQuestion: RevealedOnce {
    let shown: RhythmQuestion
    let pattern: RhythmPattern
    let judge: RhythmJudge
    let exercise: RhythmExercise
    let promptTime: Duration
    /// The onsets of the play-back under way, and the keys.
    var onsets: [Duration] = []
    var keys: [MIDINote] = []
    /// When each key came up (with `durations`); nil while it is held.
    var releases: [Duration?] = []
    var wrongTries = 0

    var question: any ExerciseQuestion { shown }
    var subject: AnswerSubject { .rhythm(pattern.meter, exercise.level) }
    var staff: Staff { Staff([StaffNote(shown.root, role: .root)]) }

    /// The count-in and the pattern as one phrase, so the beat runs on from one into the other.
    var sounds: [SoundPhrase] { [phrase(countIn: true)] }

    /// The pattern alone, after the answer or a reveal.
    var patternSounds: [SoundPhrase] { [phrase(countIn: false)] }

    func phrase(countIn: Bool) -> SoundPhrase {
        let beat = pattern.secondsPerBeat(tempo: exercise.tempo)
        let click = exercise.countIn == .clicks ? MIDINote(min(127, shown.rootNote.rawValue + 12)) : shown.rootNote
        let clickLength = exercise.countIn == .clicks ? min(0.1, beat / 2) : beat * 0.8
        return pattern.phrase(Array(repeating: shown.rootNote, count: pattern.notes.count), tempo: exercise.tempo,
                              countIn: countIn ? (click, clickLength) : nil)
    }

    /// When the play-back under way is over: a beat after its last onset was due (with
    /// `durations`, or once its last note has been held longer than it may be).
    var deadline: Duration? {
        guard let first = onsets.first else { return nil }
        let held = exercise.durations ? (judge.lengths.last.map { $0 + judge.lengthAllowance($0) } ?? 0) : 0
        return first + .seconds((judge.expected.last ?? 0) + max(judge.secondsPerBeat, held) + judge.tolerance)
    }

    /// Enough onsets, the last near where the last was due. (Enough too early: more may come,
    /// an extra note, until the deadline.)
    private var complete: Bool {
        guard onsets.count >= judge.expected.count, let last = judge.expected.indices.last, let played = onsets.last else { return false }
        return (played - onsets[0]).seconds >= judge.expected[last] - judge.window(last)
    }

    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep {
        onsets.append(context.time)
        keys.append(note)
        releases.append(nil)
        guard complete, !exercise.durations else { return QuestionStep() }
        return judgePlayBack(velocity: velocity, context: &context)
    }

    /// With `durations`: the key's release is kept, and a complete play-back is judged once its
    /// keys are all up.
    mutating func release(_ note: MIDINote, context: inout QuestionContext) -> QuestionStep {
        guard exercise.durations, let index = keys.indices.last(where: { keys[$0] == note && releases[$0] == nil }) else { return QuestionStep() }
        releases[index] = context.time
        guard complete, releases.allSatisfy({ $0 != nil }) else { return QuestionStep() }
        return judgePlayBack(velocity: 64, context: &context)
    }

    mutating func timeUp(context: inout QuestionContext) -> QuestionStep {
        guard !onsets.isEmpty else { return QuestionStep() }
        return judgePlayBack(velocity: 64, context: &context)
    }

    private mutating func judgePlayBack(velocity: Int, context: inout QuestionContext) -> QuestionStep {
        let played = onsets.map(\.seconds)
        // A key still down when the play-back is judged (at its deadline) is held until now.
        let held = exercise.durations ? zip(onsets, releases).map { (($1 ?? context.time) - $0).seconds } : nil
        let result = judge.judge(played, held: held)
        let said = result.described
        let wrongKeys = exercise.strict ? keys.filter { $0 != shown.rootNote } : []
        let correct = result.correct && wrongKeys.isEmpty
        let responseTime = (onsets.first ?? context.time) - promptTime
        let attempt = wrongTries + 1
        if attempt == 1 { context.firstNote(after: responseTime) }
        if correct {
            context.right(subject, firstTry: attempt == 1, responseTime: responseTime)
            context.recordAdaptive(subject, missed: attempt > 1, responseTime: responseTime)
            context.finishedQuestion()
        } else {
            context.wrong(subject, heardAs: said)
            wrongTries += 1
        }
        let expected = ExpectedNote(spelled: shown.root, midiNote: shown.rootNote, exactOctaveRequired: exercise.strict)
        let judgement = NoteJudgement(
            expected: expected, played: keys.last ?? shown.rootNote, velocity: velocity, correct: correct, subject: subject,
            attempt: attempt, responseTime: responseTime, sincePrompt: context.time - promptTime, staff: staff,
            sounds: [], keys: keys, details: details(result, wrongKeys: wrongKeys, closes: correct || wrongTries >= exercise.triesBeforeReveal),
            described: said + (wrongKeys.isEmpty ? "" : ", \(wrongKeys.count) off the pitch"))
        onsets = []
        keys = []
        releases = []
        return step(after: judgement, wrongTries: wrongTries, allowed: exercise.triesBeforeReveal, context: &context)
    }

    /// The judge's details, the keys off the pitch under `strict`, and the pattern itself once
    /// the question `closes` (right, or its tries used up), never while another try may come.
    private func details(_ result: RhythmJudge.Result, wrongKeys: [MIDINote], closes: Bool) -> [String: JSONValue] {
        var fields = judge.details(result)
        if !wrongKeys.isEmpty { fields["off_pitch"] = .array(wrongKeys.map { .string($0.description) }) }
        if closes { fields["pattern"] = pattern.wireValue(tempo: exercise.tempo) }
        return fields
    }

    func reveal(_ reason: AnswerRevealed.Reason, context: inout QuestionContext) -> TrainingEvent.Kind {
        context.revealed(subject, reason: reason)
        let answer = ExpectedNote(spelled: shown.root, midiNote: shown.rootNote, exactOctaveRequired: exercise.strict)
        return .answerRevealed(AnswerRevealed(answers: [answer], subjects: [subject], reason: reason, sounds: patternSounds, staff: staff,
                                              details: ["pattern": pattern.wireValue(tempo: exercise.tempo)]))
    }
}

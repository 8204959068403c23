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
    /// The score and bars its pattern came from (`rhythm --from`); nil for a pattern drawn here.
    var source: String? = nil
    /// When the phrase that sets a steady click's grid was heard (`heard(at:)`); nil: not yet.
    var heardAt: Duration?
    /// The onsets of the play-back under way, and the keys.
    var onsets: [Duration] = []
    var keys: [MIDINote] = []
    /// When each key came up (with `durations`); nil while it is held.
    var releases: [Duration?] = []
    var wrongTries = 0

    var question: any ExerciseQuestion { shown }
    var subject: AnswerSubject { .rhythm(pattern.meter, exercise.level) }
    var staff: Staff { Staff([StaffNote(shown.root, role: .root)]) }

    /// The count-in and the pattern as one phrase, so the beat runs on from one into the other;
    /// with a steady click, the click on through one more bar and the play-back (`steadyPhrase`).
    var sounds: [SoundPhrase] { [exercise.click == .steady ? steadyPhrase : phrase(countIn: true)] }

    /// The pattern alone, after the answer or a reveal.
    var patternSounds: [SoundPhrase] { [phrase(countIn: false)] }

    func phrase(countIn: Bool) -> SoundPhrase {
        let clicks = countIn ? pattern.meter.beatsPerBar : 0
        let (notes, timing) = countInClicks(clicks)
        let heard = patternNotes(at: Double(clicks) * judge.secondsPerBeat)
        var phrase = SoundPhrase(notes + heard.notes, timing: timing + heard.timing)
        if exercise.countIn != .tonic { phrase.clicks = Set(0..<clicks) }
        return phrase
    }

    /// `count` beats of count-in from the phrase's start: clicks an octave above, or the pitch.
    func countInClicks(_ count: Int) -> (notes: [MIDINote], timing: [NoteTime]) {
        let beat = judge.secondsPerBeat
        let tonic = exercise.countIn == .tonic
        let note = tonic ? shown.rootNote : click
        let length = tonic ? beat * 0.8 : clickLength
        return ([MIDINote](repeating: note, count: count), (0..<count).map { NoteTime(start: Double($0) * beat, length: length) })
    }

    /// The click: an octave above the pitch, short.
    var click: MIDINote { MIDINote(min(127, shown.rootNote.rawValue + 12)) }
    var clickLength: Double { min(0.1, judge.secondsPerBeat / 2) }

    /// The pattern's notes on the pitch, from `start` seconds into the phrase.
    func patternNotes(at start: Double) -> (notes: [MIDINote], timing: [NoteTime]) {
        let timing = pattern.noteTimes(tempo: exercise.tempo, from: start)
        return ([MIDINote](repeating: shown.rootNote, count: timing.count), timing)
    }

    /// When the play-back under way is over: a beat after its last onset was due, counted from its
    /// first onset, or with a steady click from the downbeat (once the phrase is heard).
    var deadline: Duration? {
        guard let origin = playBackOrigin else { return nil }
        return origin + .seconds(playBackLength)
    }

    /// Seconds from the play-back's first onset (or downbeat) to its deadline: a beat after its
    /// last onset was due, or with `durations` once its last note has been held longer than it may be.
    var playBackLength: Double {
        let held = exercise.durations ? (judge.lengths.last.map { $0 + judge.lengthAllowance($0) } ?? 0) : 0
        return (judge.expected.last ?? 0) + max(judge.secondsPerBeat, held) + judge.tolerance
    }

    /// What the play-back is measured from: its first onset, or the steady click's downbeat.
    var playBackOrigin: Duration? {
        exercise.click == .steady ? heardAt.map { $0 + .seconds(downbeatOffset) } : onsets.first
    }

    /// A clap is an onset on the pitch shown; not with `durations`, where a note's length counts
    /// and a clap has none.
    var tappedKey: MIDINote? { exercise.durations ? nil : shown.rootNote }

    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep {
        guard takesOnset(at: context.time) else { return QuestionStep() }
        onsets.append(context.time)
        keys.append(note)
        releases.append(nil)
        guard complete, !exercise.durations else { return QuestionStep() }
        return judgePlayBack(velocity: velocity, context: &context)
    }

    /// Enough onsets, the last near where the last was due. (Enough too early: more may come,
    /// an extra note, until the deadline.)
    private var complete: Bool {
        guard onsets.count >= judge.expected.count, let last = judge.expected.indices.last, let origin = playBackOrigin,
              let played = onsets.last else { return false }
        return (played - origin).seconds >= judge.expected[last] - judge.window(last)
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
        guard !onsets.isEmpty || exercise.click == .steady else { return QuestionStep() }
        return judgePlayBack(velocity: 64, context: &context)
    }

    private mutating func judgePlayBack(velocity: Int, context: inout QuestionContext) -> QuestionStep {
        let played = onsets.map(\.seconds)
        // A key still down when the play-back is judged (at its deadline) is held until now.
        let held = exercise.durations ? zip(onsets, releases).map { (($1 ?? context.time) - $0).seconds } : nil
        let result = judge.judge(played, from: exercise.click == .steady ? playBackOrigin?.seconds : nil, held: held)
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
        let closes = correct || wrongTries >= exercise.triesBeforeReveal
        let judgement = NoteJudgement(
            expected: expected, played: keys.last ?? shown.rootNote, velocity: velocity, correct: correct, subject: subject,
            attempt: attempt, responseTime: responseTime, sincePrompt: context.time - promptTime, staff: staff,
            sounds: closes ? [] : retrySounds, keys: keys, details: details(result, wrongKeys: wrongKeys, closes: closes),
            described: said + (wrongKeys.isEmpty ? "" : ", \(wrongKeys.count) off the pitch"))
        onsets = []
        keys = []
        releases = []
        if exercise.click == .steady { heardAt = nil }  // a try again is timed by its own phrase
        return step(after: judgement, wrongTries: wrongTries, allowed: exercise.triesBeforeReveal, context: &context)
    }

    /// The judge's details (`onsets`, `extra`, `tolerance_ms`), the keys off the pitch under
    /// `strict`, and the pattern itself once the question `closes` (right, or its tries used up),
    /// never while another try may come: till then an onset not played has no time either.
    private func details(_ result: RhythmJudge.Result, wrongKeys: [MIDINote], closes: Bool) -> [String: JSONValue] {
        var judgement = judge.judgement(result, closes: closes)
        if !wrongKeys.isEmpty { judgement.offPitch = wrongKeys.map(\.description) }
        if closes { judgement.pattern = pattern.wire(tempo: exercise.tempo) }
        return .init(encoding: judgement)
    }

    func reveal(_ reason: AnswerRevealed.Reason, context: inout QuestionContext) -> TrainingEvent.Kind {
        context.revealed(subject, reason: reason)
        let answer = ExpectedNote(spelled: shown.root, midiNote: shown.rootNote, exactOctaveRequired: exercise.strict)
        return .answerRevealed(AnswerRevealed(answers: [answer], subjects: [subject], reason: reason, sounds: patternSounds, staff: staff,
                                              details: .init(encoding: RhythmRevealed(pattern: pattern.wire(tempo: exercise.tempo)))))
    }
}

import MusicTheory

/// A rhythm waiting to be played back: each key's onset is kept; the play-back is judged once it
/// has as many onsets as the pattern and the last came near where it was due, or else once its
/// time is over (a beat after where its last onset was due); a wrong one may be tried again.
struct OpenRhythmQuestion: RevealedOnce {
    let shown: RhythmQuestion
    let pattern: RhythmPattern
    let judge: RhythmJudge
    let exercise: RhythmExercise
    let promptTime: Duration
    /// When the phrase that sets a steady click's grid was heard (`heard(at:)`); nil: not yet.
    var heardAt: Duration?
    /// The onsets of the play-back under way, and the keys.
    var onsets: [Duration] = []
    var keys: [MIDINote] = []
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
        return SoundPhrase(notes + heard.notes, timing: timing + heard.timing)
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
        let perUnit = pattern.secondsPerUnit(tempo: exercise.tempo)
        let timing = pattern.notes.map { note in
            // Detached a little, so that repeated notes are heard as onsets.
            let length = Double(note.units) * perUnit
            return NoteTime(start: start + Double(note.start) * perUnit, length: max(0.05, length - min(0.06, length / 4)))
        }
        return ([MIDINote](repeating: shown.rootNote, count: timing.count), timing)
    }

    /// When the play-back under way is over: a beat after its last onset was due, counted from its
    /// first onset, or with a steady click from the downbeat (once the phrase is heard).
    var deadline: Duration? {
        guard let origin = playBackOrigin else { return nil }
        return origin + .seconds(playBackLength)
    }

    /// Seconds from the play-back's first onset (or downbeat) to its deadline.
    var playBackLength: Double { (judge.expected.last ?? 0) + judge.secondsPerBeat + judge.tolerance }

    /// What the play-back is measured from: its first onset, or the steady click's downbeat.
    var playBackOrigin: Duration? {
        exercise.click == .steady ? heardAt.map { $0 + .seconds(downbeatOffset) } : onsets.first
    }

    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep {
        guard takesOnset(at: context.time) else { return QuestionStep() }
        onsets.append(context.time)
        keys.append(note)
        // Enough onsets, the last near where the last was due: over. Enough too early: more may
        // come (an extra note), until the deadline.
        guard onsets.count >= judge.expected.count, let last = judge.expected.indices.last, let origin = playBackOrigin,
              (context.time - origin).seconds >= judge.expected[last] - judge.window(last) else { return QuestionStep() }
        return judgePlayBack(velocity: velocity, context: &context)
    }

    mutating func timeUp(context: inout QuestionContext) -> QuestionStep {
        guard !onsets.isEmpty || exercise.click == .steady else { return QuestionStep() }
        return judgePlayBack(velocity: 64, context: &context)
    }

    private mutating func judgePlayBack(velocity: Int, context: inout QuestionContext) -> QuestionStep {
        let played = onsets.map(\.seconds)
        let result = judge.judge(played, from: exercise.click == .steady ? playBackOrigin?.seconds : nil)
        let said = Self.describe(result)
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
        if exercise.click == .steady { heardAt = nil }  // a try again is timed by its own phrase
        return step(after: judgement, wrongTries: wrongTries, allowed: exercise.triesBeforeReveal, context: &context)
    }

    /// Each onset in milliseconds and beats, and the extra notes: the event's `onsets`, `extra`;
    /// and the pattern itself once the question `closes` (right, or its tries used up), never
    /// while another try may come: till then an onset not played has no time either.
    private func details(_ result: RhythmJudge.Result, wrongKeys: [MIDINote], closes: Bool) -> [String: JSONValue] {
        let beat = judge.secondsPerBeat
        let onsets: [JSONValue] = result.onsets.map { onset in
            .object([
                // A missing onset's time is the pattern's, not the student's: kept for the end.
                "expected_seconds": closes || onset.played != nil ? .number(onset.expected) : .null,
                "played_seconds": onset.played.map { .number($0) } ?? .null,
                "error_ms": onset.error.map { .number(($0 * 1000).rounded()) } ?? .null,
                "error_beats": onset.error.map { .number(($0 / beat * 100).rounded() / 100) } ?? .null,
                "verdict": .string(onset.verdict.rawValue),
            ])
        }
        var fields: [String: JSONValue] = ["onsets": .array(onsets), "extra": .array(result.extra.map { .number($0) }),
                                            "tolerance_ms": .number((judge.tolerance * 1000).rounded())]
        if !wrongKeys.isEmpty { fields["off_pitch"] = .array(wrongKeys.map { .string($0.description) }) }
        if closes { fields["pattern"] = pattern.wireValue(tempo: exercise.tempo) }
        return fields
    }

    /// `on time`, or what was off: `2nd late 150 ms, 4th missing, 1 extra`.
    static func describe(_ result: RhythmJudge.Result) -> String {
        var parts: [String] = []
        for (index, onset) in result.onsets.enumerated() where onset.verdict != .onTime {
            let place = RhythmJudge.ordinal(index + 1)
            switch onset.verdict {
            case .missing: parts.append("\(place) missing")
            default: parts.append("\(place) \(onset.verdict.rawValue) \(Int((abs(onset.error ?? 0) * 1000).rounded())) ms")
            }
        }
        if !result.extra.isEmpty { parts.append("\(result.extra.count) extra") }
        return parts.isEmpty ? "on time" : parts.joined(separator: ", ")
    }

    func reveal(_ reason: AnswerRevealed.Reason, context: inout QuestionContext) -> TrainingEvent.Kind {
        context.revealed(subject, reason: reason)
        let answer = ExpectedNote(spelled: shown.root, midiNote: shown.rootNote, exactOctaveRequired: exercise.strict)
        return .answerRevealed(AnswerRevealed(answers: [answer], subjects: [subject], reason: reason, sounds: patternSounds, staff: staff,
                                              details: ["pattern": pattern.wireValue(tempo: exercise.tempo)]))
    }
}

import MusicTheory

/// What a question reads and records into while it opens and is answered: the settings, the time,
/// the session's random source, its results tally and its adaptive choice.
public struct QuestionContext {
    /// The settings read at this question's prompt.
    public let settings: TrainingSettings
    /// The question's number in the session, from 1.
    public let number: Int
    /// Now, on the engine's clock.
    public internal(set) var time: Duration
    /// Where the pitch-bend wheel is now, −8192…8191 (`PitchWheel`).
    public internal(set) var wheel: Int = 0
    /// Every random choice comes from here, so a session replays.
    public var random: SeededRandom
    var tally: ResultsTally
    var chooser: AdaptiveChooser
    /// When the prompt was heard, as far as the output has told.
    public internal(set) var heard = PromptHeard()
    /// The note the listening input heard, when that is what is being judged (the key handed
    /// on is its nearest); nil for a key. A kind whose answer is a pitch (`match`) reads it.
    public internal(set) var heardNote: HeardNote?
    /// The melodies the session's scores gave (`ExerciseModule.scoreRequest`); empty for a
    /// session that reads none.
    public internal(set) var melodies: [ScoreMelody] = []

    /// How long the student took to answer, now: from the end of the prompt's last note as heard,
    /// plus `after` (a held note that follows the prompt); `along`, a kind the student plays along
    /// with, from the start of its last phrase. Answered while the last phrase sounds, before its
    /// end: zero. With nothing heard yet (an output that tells nothing), from `estimate`. Never
    /// below zero.
    public func responseTime(since estimate: Duration, along: Bool = false, after: Duration = .zero) -> Duration {
        let start: Duration
        if along {
            start = heard.lastPhrase ?? estimate
        } else if let end = heard.end {
            start = end + after
        } else {
            start = heard.lastPhrase != nil ? time : estimate
        }
        return max(.zero, time - start)
    }

    /// The same for a kind answered note by note: a note after the first from when it became
    /// expected (`expectedSince`, the right note before it), never below zero; the first from the
    /// prompt, as above.
    public func responseTime(expectedSince: Duration?, since estimate: Duration) -> Duration {
        expectedSince.map { max(.zero, time - $0) } ?? responseTime(since: estimate)
    }

    /// One subject, drawn with the weights of how it went lately (docs/adaptive.md).
    public mutating func chooseAdaptively(from subjects: [AnswerSubject],
                                          reviewed: (AnswerSubject) -> [AnswerSubject] = { [$0] }) -> AnswerSubject {
        chooser.choose(from: subjects, using: &random, reviewed: reviewed)
    }

    /// One of `values`: with `adaptive`, the one whose subject the adaptive choice picks, else
    /// one at random.
    public mutating func choose<Value>(_ values: [Value], adaptive: Bool, subject: (Value) -> AnswerSubject) -> Value {
        guard adaptive else { return values.randomElement(using: &random)! }
        let subjects = values.map(subject)
        return values[subjects.firstIndex(of: chooseAdaptively(from: subjects))!]
    }

    /// Remembers for the adaptive choice how an ask of `subject` went.
    public mutating func recordAdaptive(_ subject: AnswerSubject, missed: Bool, responseTime: Duration?) {
        chooser.record(subject, missed: missed, responseTime: responseTime)
    }

    /// `subject` was asked.
    public mutating func asked(_ subject: AnswerSubject) { tally.asked(subject) }
    /// The first note played for an answer, right or wrong, `time` after it became expected.
    public mutating func firstNote(after time: Duration) { tally.firstNote(after: time) }
    /// A right answer.
    public mutating func right(_ subject: AnswerSubject, firstTry: Bool, responseTime: Duration) {
        tally.right(subject, firstTry: firstTry, responseTime: responseTime)
    }
    /// A wrong note; `played` is its pitch-class distance from the root.
    public mutating func wrong(_ subject: AnswerSubject, played: Interval) { tally.wrong(subject, played: played.description, rank: played.rawValue) }
    /// A wrong answer named by what it was heard as (a chord).
    public mutating func wrong(_ subject: AnswerSubject, heardAs played: String) { tally.wrong(subject, played: played, rank: 100) }
    /// A subject's threshold after an answer (a kind that measures one: `compare`).
    public mutating func measured(_ threshold: SessionThreshold) { tally.measured(threshold) }
    /// An answer shown; `skipped` when the student asked for it.
    public mutating func revealed(_ subject: AnswerSubject, skipped: Bool) { tally.revealed(subject, skipped: skipped) }
    /// A whole question counted under `subject` (a progression), beside its answers: its row only.
    public mutating func wholeQuestion(_ subject: AnswerSubject, errors: Int, revealed: Bool, responseTime: Duration) {
        tally.wholeQuestion(subject, errors: errors, revealed: revealed, responseTime: responseTime)
    }

    /// A tuned answer's signed error in cents, right or wrong: the results' mean absolute error.
    public mutating func tunedAnswer(_ subject: AnswerSubject, cents: Double) { tally.tuned(subject, cents: cents) }
    /// A question (or the rest of a round) skipped.
    public mutating func skippedQuestion() { tally.skippedQuestion() }
    /// A round played to its end.
    public mutating func completedRound() { tally.completedRound() }
    /// A question answered or revealed.
    public mutating func finishedQuestion() { tally.finishedQuestion() }
}

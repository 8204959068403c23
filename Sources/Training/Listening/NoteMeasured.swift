import MusicTheory

/// A sung note measured whole, once it ended: the centre of its stable part (vibrato and drift
/// averaged, the attack left out) against the same note in tune its judgement was measured from.
/// The judgement's cents were read as the note settled (its first tenth of a second, where a
/// voice has not found its pitch yet); these replace them in the results and the statistics.
public struct NoteMeasured: Sendable, Hashable, Codable {
    /// The note judged: the key the sung note was heard as.
    public let played: MIDINote
    /// Whether its judgement was right.
    public let correct: Bool
    /// What its judgement counted it under.
    public let subject: AnswerSubject
    /// The cents its judgement gave.
    public let judgedCents: Double
    /// The whole note's cents, and whether that is in tune.
    public let sung: SungPitch
}

/// A sung note judged, waiting for its end to be measured whole.
struct SungAwaitingEnd: Sendable {
    /// Its onset on the engine's clock: the note that ends is matched by it.
    let time: Duration
    /// The note in tune its cents are measured from, in any octave unless the octave counts.
    let target: Frequency
    let octaveFree: Bool
    let correct: Bool
    let played: MIDINote
    let subject: AnswerSubject
    let judgedCents: Double

    /// How far from its onset, in seconds, the end's report of the same note may place it: the
    /// two are timed from different blocks of the stream.
    static let sameOnset = 0.05
}

extension TrainingEngine {
    /// How long the next question waits for the sung note that finished the last one to end: a
    /// note held on, or an end the input never reports, holds the session up no longer.
    static let sungEndWait: Duration = .seconds(4)

    /// A sung note has ended after `seconds` (`note`: the centre of its stable part, and its
    /// onset): when it is the note judged last, its whole-note cents are reported (`noteMeasured`)
    /// and counted in the results in place of the cents judged as it settled. Any other note (one never judged,
    /// a `match` answer whose cents are the kind's own) is nothing.
    public func measure(_ note: HeardNote, lasting seconds: Double) {
        guard let awaiting = session?.sungAwaitingEnd, abs((note.time - awaiting.time).seconds) <= SungAwaitingEnd.sameOnset else { return }
        session!.sungAwaitingEnd = nil
        let settings = session!.settings
        let cents = (note.cents(from: awaiting.target, octaveFree: awaiting.octaveFree) * 10).rounded() / 10
        let sung = SungPitch(cents: cents, inTune: awaiting.correct && abs(cents) <= settings.listenToleranceCents)
        session!.tally.retuned(awaiting.subject, from: awaiting.judgedCents, to: cents)
        let end = note.time + .seconds(seconds)
        emit(.noteMeasured(NoteMeasured(played: awaiting.played, correct: awaiting.correct, subject: awaiting.subject, judgedCents: awaiting.judgedCents, sung: sung)),
             at: end)
        // The question it finished waited for it: the next one now.
        if session?.nextQuestionDue != nil { openNextQuestion(at: end) }
    }
}

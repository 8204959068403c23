import MusicTheory

/// A question waiting for its answer: it takes the student's notes and says what they come to.
///
/// The engine opens one through `ExerciseModule.openQuestion`, sounds `sounds`, shows `staff`,
/// then hands it every key pressed (`press`) and released (`release`); a kind that answers with
/// several keys at once (a chord) keeps what is held and answers when the group is complete. Each
/// call returns the events it makes (judgements, a completed round, a reveal) and whether the
/// question is over; the engine emits them in order and opens the next question.
public protocol OpenQuestion: Sendable {
    /// What is shown while it is open.
    var question: any ExerciseQuestion { get }
    /// What the audio sounds as it opens.
    var sounds: [SoundPhrase] { get }
    /// What the audio sounds when the student asks again (`repeat`); by default `sounds`.
    var soundsOnRepeat: [SoundPhrase] { get }
    /// What sets the key (a cadence, a tonic chord), whether or not it sounded before this
    /// question, for "the cadence again" (`RepeatPart.cadence`); empty, by default, for a kind
    /// that sets none.
    var keySounds: [SoundPhrase] { get }
    /// The question's own notes without what sets the key, for "the notes again"
    /// (`RepeatPart.notes`); by default `soundsOnRepeat`.
    var noteSounds: [SoundPhrase] { get }
    /// What the staff shows as it opens.
    var staff: Staff { get }
    /// A note held after `sounds` (and after `soundsOnRepeat`) until the question is over,
    /// following the pitch-bend wheel; by default none.
    var held: HeldNote? { get }
    /// A key pressed (velocity 1…127) at `context.time`.
    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep
    /// A key released; most kinds judge on the press alone.
    mutating func release(_ note: MIDINote, context: inout QuestionContext) -> QuestionStep
    /// The student gave up on it: its answer is revealed.
    mutating func skip(context: inout QuestionContext) -> QuestionStep
    /// When, on the engine's clock, the question wants to hear of time passing with no key
    /// (a rhythm played back too short is judged once its time is over); nil: never.
    var deadline: Duration? { get }
    /// Its deadline has passed with no key: what that comes to.
    mutating func timeUp(context: inout QuestionContext) -> QuestionStep
    /// A phrase it sounds that `timesAnswer` was heard from `time` on, on the engine's clock (the
    /// output's delay counted): a steady click's grid starts there.
    mutating func heard(at time: Duration)
    /// The key an onset without pitch (a clap, a tap on the microphone) plays, for a question
    /// whose answer is its onsets alone (a rhythm); nil (the default) where a clap is no answer.
    var tappedKey: MIDINote? { get }
}

extension OpenQuestion {
    /// What sounded as it opened.
    public var soundsOnRepeat: [SoundPhrase] { sounds }

    /// No key set.
    public var keySounds: [SoundPhrase] { [] }

    /// All it sounds again.
    public var noteSounds: [SoundPhrase] { soundsOnRepeat }

    /// No note held.
    public var held: HeldNote? { nil }

    /// Nothing: the press decided.
    public mutating func release(_ note: MIDINote, context: inout QuestionContext) -> QuestionStep {
        QuestionStep()
    }

    /// Most questions wait for keys however long it takes.
    public var deadline: Duration? { nil }

    /// Nothing: most questions are not timed by what they sound.
    public mutating func heard(at time: Duration) {}

    /// A clap answers no question of notes.
    public var tappedKey: MIDINote? { nil }

    /// Nothing: a question with no deadline is never late.
    public mutating func timeUp(context: inout QuestionContext) -> QuestionStep {
        QuestionStep()
    }
}

/// What a key (or a skip) came to: the events to report, in order, and whether the question is over.
public struct QuestionStep: Sendable {
    /// The events, in order: `.noteJudged`, `.roundComplete`, `.answerRevealed`.
    public var events: [TrainingEvent.Kind]
    /// The question is over: the next one opens.
    public var finished: Bool

    public init(_ events: [TrainingEvent.Kind] = [], finished: Bool = false) {
        self.events = events
        self.finished = finished
    }
}

/// Everything the engine reports, in order: the one stream that stdout, the control socket and
/// the statistics store follow.
public struct TrainingEvent: Sendable {
    /// What happened.
    public enum Kind: Sendable {
        /// A session began.
        case sessionStarted(SessionStarted)
        /// A question was put (or put again).
        case prompt(Prompt)
        /// A played note was judged.
        case noteJudged(NoteJudgement)
        /// A sung note judged before was measured whole, once it ended.
        case noteMeasured(NoteMeasured)
        /// A round of several answers (a scale to its octave) was played through.
        case roundComplete(RoundComplete)
        /// The engine showed an answer.
        case answerRevealed(AnswerRevealed)
        /// The session ended; its results.
        case sessionEnded(SessionResults)
    }

    /// Session time: from the session's start to this event; the results screen's "session" time.
    public let sessionTime: Duration
    /// What happened.
    public let kind: Kind

    /// An event at `sessionTime`.
    public init(sessionTime: Duration, kind: Kind) {
        self.sessionTime = sessionTime
        self.kind = kind
    }
}

/// How a session began: enough to replay it exactly, given the same keyboard events.
public struct SessionStarted: Sendable {
    /// The exercise.
    public let exercise: Exercise
    /// The settings read at the start.
    public let settings: TrainingSettings
    /// The random generator's state at the start: `SeededRandom(seed: randomState)` replays it.
    public let randomState: UInt64

    /// A session start; the engine makes these.
    public init(exercise: Exercise, settings: TrainingSettings, randomState: UInt64) {
        self.exercise = exercise
        self.settings = settings
        self.randomState = randomState
    }
}

extension TrainingEvent.Kind: Hashable, Codable {}

extension TrainingEvent: Hashable, Codable {}

extension SessionStarted: Hashable, Codable {}

import MusicTheory

/// The state of the running session, owned by the engine.
struct Session {
    let exercise: Exercise
    let startTime: Duration
    /// The settings read at the latest prompt.
    var settings: TrainingSettings
    var tally = ResultsTally()
    /// Round (scale) or question (interval) number.
    var number = 0
    var prompt: Prompt?
    var staff = Staff()
    var scaleRound: ScaleRound?
    var intervalQuestion: OpenIntervalQuestion?
    var chooser = AdaptiveChooser()

    init(exercise: Exercise, startTime: Duration, settings: TrainingSettings) {
        self.exercise = exercise
        self.startTime = startTime
        self.settings = settings
    }
}

/// A scale round under way.
struct ScaleRound {
    let question: ScaleQuestion
    /// The eight notes as drawn on the staff.
    let placed: [SpelledNote]
    let promptTime: Duration
    /// Index of the expected note, 0…7.
    var index = 0
    /// Which try at the expected note comes next, from 1.
    var attempt = 1
    /// When the expected note became expected.
    var expectedSince: Duration
    var errors = 0
    var drawn: [StaffNote] = []

    init(question: ScaleQuestion, placed: [SpelledNote], at time: Duration) {
        self.question = question
        self.placed = placed
        self.promptTime = time
        self.expectedSince = time
    }
}

/// An interval question waiting for its answer.
struct OpenIntervalQuestion {
    let question: IntervalQuestion
    let promptTime: Duration
    /// The root and answer as drawn on the staff.
    let drawnRoot: SpelledNote
    let drawnAnswer: SpelledNote
    var wrongTries = 0
}

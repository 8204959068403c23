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
    /// The question waiting for its answer, whichever kind it is.
    var open: (any OpenQuestion)?
    var chooser = AdaptiveChooser()
    /// When the open question's prompt was heard, as the output reported it.
    var heard = PromptHeard()
    /// The sung note judged last, until its end is measured (`TrainingEngine.measure`).
    var sungAwaitingEnd: SungAwaitingEnd?
    /// A sung note finished the open question and still sounds: the next question opens when it
    /// ends (`TrainingEngine.measure`), or at this time at the latest; nothing is an answer till then.
    var nextQuestionDue: Duration?

    /// The melodies its scores gave (`ExerciseModule.scoreRequest`), read once when it started.
    let melodies: [ScoreMelody]

    init(exercise: Exercise, startTime: Duration, settings: TrainingSettings, melodies: [ScoreMelody] = []) {
        self.exercise = exercise
        self.startTime = startTime
        self.settings = settings
        self.melodies = melodies
    }
}

import MusicTheory

/// The drill's options, questions and client text (`IntervalDrill`) make the rest of the module.
extension IntervalExercise: ExerciseModule {
    public typealias Question = IntervalQuestion

    /// `interval`.
    public static let kind = ExerciseKind(declaring: "interval")

    /// The eleven intervals within the octave from random roots, ascending, three tries, adaptive, echoed.
    public static var defaults: IntervalExercise { IntervalExercise() }

    /// `[training.interval]`; `root = "random"` draws a root within the note range each question.
    public static func options<Reader: ExerciseOptionsReader>(reading reader: inout Reader) throws(Reader.Failure) -> IntervalExercise {
        try options(reading: &reader, over: defaults)
    }
}

extension Exercise {
    /// An interval exercise.
    public static func interval(_ options: IntervalExercise) -> Exercise { Exercise(options) }
}

extension ExerciseKind {
    /// Play the note an interval away from a sounded root (`IntervalExercise`).
    public static var interval: ExerciseKind { IntervalExercise.kind }
}

import MusicTheory

/// The drill's options, questions and client text (`IntervalDrill`) make the rest of the module.
extension IntervalExercise: DeclaresOptions {
    public typealias Question = IntervalQuestion

    /// `interval`.
    public static let kind = ExerciseKind(declaring: "interval")

    /// The eleven intervals within the octave from random roots, ascending, three tries, adaptive, echoed.
    public static var defaults: IntervalExercise { IntervalExercise() }

    public static let abstract = "Play the note an interval away from a sounded root."

    /// `eartrainctl start interval --root C3 --intervals m3,P5 --descending`, `[training.interval]`
    /// (`root = "random"` draws a root within the note range each question), `session.start`.
    public static let declaredOptions = KindOptions<IntervalDrill>(IntervalDrill.drillOptions(anyOctave: false))
}

extension Exercise {
    /// An interval exercise.
    public static func interval(_ options: IntervalExercise) -> Exercise { Exercise(options) }
}

extension ExerciseKind {
    /// Play the note an interval away from a sounded root (`IntervalExercise`).
    public static var interval: ExerciseKind { IntervalExercise.kind }
}

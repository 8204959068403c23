import MusicTheory

extension EarIntervalExercise {
    public static let abstract = "Hear an interval above (or below) a shown root, and play its other note."

    /// `eartrainctl start ear-interval --intervals m3,P5 --harmonic`, `[training.ear-interval]`, `session.start`:
    /// the interval drill's options, and whether the two notes sound together.
    public static let declaredOptions = KindOptions<EarIntervalExercise>(
        IntervalDrill.drillOptions(anyOctave: true).map { $0.within(\.interval) }
            + [FlagOption("harmonic", \.harmonic, help: "Sound both notes together.")])

    /// The intervals, the direction, then the root played.
    public static var menuPages: [MenuPage] { IntervalDrill.menuPages }

    /// `heard intervals m3 P5 from C3`.
    public static func statusSummary(_ status: StatusDetails, root: String) -> String {
        "heard " + IntervalDrill.statusSummary(status.asked, root: root)
    }

    public static func watchTitle(_ status: StatusDetails, root: String) -> String {
        "heard " + IntervalDrill.watchTitle(status.asked, root: root)
    }

    /// `from C3: play the upper note`.
    public static func watchQuestion(_ question: EarIntervalQuestion.Details) -> String {
        "from \(question.root): play the \(question.direction == .descending ? "lower" : "upper") note"
    }

    /// Nothing beside the root: the interval is heard.
    public static func watchDetail(_ question: EarIntervalQuestion.Details?, prompt: String?) -> String? { nil }
}

import MusicTheory

extension EarIntervalExercise {
    /// `eartrainctl start ear-interval --intervals m3,P5 --harmonic`.
    public static var commandLine: ExerciseCommandLine {
        var line = IntervalDrill.commandLine
        line.abstract = "Hear an interval above (or below) a shown root, and play its other note."
        line.options.append(.init("harmonic", .flag(.bool(true)), help: "Sound both notes together."))
        line.options.append(.init("any-octave", key: "strict", .flag(.bool(false)), help: "Take the note in any octave (default: the octave heard)."))
        return line
    }

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

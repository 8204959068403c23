import MusicTheory

extension EarIntervalExercise {
    /// `eartrainctl start ear-interval --intervals m3,P5 --harmonic`.
    public static var commandLine: ExerciseCommandLine {
        var line = IntervalExercise.commandLine
        line.abstract = "Hear an interval above (or below) a shown root, and play its other note."
        line.options.append(.init("harmonic", .flag(.bool(true)), help: "Sound both notes together."))
        line.options.append(.init("any-octave", key: "strict", .flag(.bool(false)), help: "Take the note in any octave (default: the octave heard)."))
        return line
    }

    /// The intervals, the direction, then the root played.
    public static var menuPages: [MenuPage] { IntervalExercise.menuPages }

    /// `heard intervals m3 P5 from C3`.
    public static func statusSummary(fields: [String: JSONValue], root: String) -> String {
        "heard " + IntervalExercise.statusSummary(fields: fields, root: root)
    }

    public static func watchTitle(fields: [String: JSONValue], root: String) -> String {
        "heard " + IntervalExercise.watchTitle(fields: fields, root: root)
    }

    /// `from C3: play the upper note`.
    public static func watchQuestion(_ question: [String: JSONValue]) -> String {
        let descending = question.text("direction").flatMap(IntervalDirection.named) == .descending
        return "from \(question.text("root") ?? ""): play the \(descending ? "lower" : "upper") note"
    }

    /// Nothing beside the root: the interval is heard.
    public static func watchDetail(question: [String: JSONValue]?, prompt: String?) -> String? { nil }
}

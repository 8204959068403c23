import MusicTheory

/// What `watch` shows of an interval question (the command line, menu pages and status lines
/// are the drill's, `IntervalDrill+Interface`).
extension IntervalExercise {
    /// `major third up from C3`.
    public static func watchQuestion(_ question: IntervalQuestion.Details) -> String {
        "\(question.name) \(question.direction == .descending ? "down" : "up") from \(question.root)"
    }

    /// `interval M3`, once a prompt named it.
    public static func watchDetail(_ question: IntervalQuestion.Details?, prompt: String?) -> String? {
        question.map { "interval \($0.interval)" }
    }
}

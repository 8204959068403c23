import MusicTheory

extension IntervalExercise {
    /// `intervals m3 P5 descending from C3`.
    public static func statusSummary(fields: [String: JSONValue], root: String) -> String {
        let descending = fields.text("direction").flatMap(IntervalDirection.named) == .descending
        return "intervals \((fields.texts("intervals") ?? []).joined(separator: " "))\(descending ? " descending" : "") from \(root)"
    }

    /// `intervals m3 P5`.
    public static func watchTitle(fields: [String: JSONValue], root: String) -> String {
        "intervals \((fields.texts("intervals") ?? []).joined(separator: " "))"
    }

    /// `major third up from C3`.
    public static func watchQuestion(_ question: [String: JSONValue]) -> String {
        let descending = question.text("direction").flatMap(IntervalDirection.named) == .descending
        return "\(question.text("name") ?? "") \(descending ? "down" : "up") from \(question.text("root") ?? "")"
    }

    /// `interval M3`, once a prompt named it.
    public static func watchDetail(question: [String: JSONValue]?, prompt: String?) -> String? {
        question?.text("interval").map { "interval \($0)" }
    }
}

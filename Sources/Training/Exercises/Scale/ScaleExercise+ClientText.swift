extension ScaleExercise {
    /// A round counts its 8 notes.
    public static var countsNotes: Bool { true }
    /// The next degree is no secret: the mode and the step pattern are on screen.
    public static var showsExpectedWhileOpen: Bool { true }

    /// `scale dorian from D3`.
    public static func statusSummary(fields: [String: JSONValue], root: String) -> String {
        "scale \(fields.text("mode") ?? "") from \(root)"
    }

    /// `D3 dorian scale`.
    public static func watchTitle(fields: [String: JSONValue], root: String) -> String {
        "\(fields.text("mode").map { "\(root) \($0)" } ?? root) scale"
    }

    /// `dorian from D3`.
    public static func watchQuestion(_ question: [String: JSONValue]) -> String {
        "\(question.text("mode") ?? "") from \(question.text("root") ?? "")"
    }

    /// `steps W-H-W-W-W-H-W`: the question's, or the last part of `status`'s prompt.
    public static func watchDetail(question: [String: JSONValue]?, prompt: String?) -> String? {
        let steps = question?.text("steps") ?? prompt.flatMap { $0.split(separator: "  ").last.map(String.init) }
        return "steps \(steps ?? "-")"
    }
}

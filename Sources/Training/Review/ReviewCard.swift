/// Where one item (an interval, a chord quality, a degree, a scale) stands in the student's
/// schedule across sessions: a Leitner box and when it is due again.
public struct ReviewCard: Sendable, Hashable, Codable {
    /// 1 (being learnt: due at once) … `ReviewSchedule.boxes.count` (known: due after weeks).
    public var box: Int
    /// When it should come back, in seconds on the wall clock (Unix time).
    public var due: Double
    /// When it was last answered.
    public var lastAnswered: Double

    public init(box: Int, due: Double, lastAnswered: Double) {
        self.box = box
        self.due = due
        self.lastAnswered = lastAnswered
    }
}

extension AnswerSubject {
    /// The item a schedule keeps for this subject in a kind: `interval/interval:M3`. The same
    /// interval heard and named are two skills, so the kind is part of it.
    public func reviewKey(kind: ExerciseKind) -> String {
        "\(kind.rawValue)/\(category):\(label)"
    }
}

/// One student's figures for one item over a range of days: what a cell of the class × item heat
/// map shows.
public struct ItemFigures: Sendable, Hashable, Codable {
    public var student: String
    public var exercise: String
    public var item: String
    public var correct: Int64
    public var wrong: Int64
    /// The mean absolute error of the answers with cents, if any had them.
    public var meanAbsoluteCents: Double?

    /// Right out of all, 0…1; nil with no answers.
    public var accuracy: Double? {
        correct + wrong == 0 ? nil : Double(correct) / Double(correct + wrong)
    }
}

/// One student's practice on one day.
public struct DayFigures: Sendable, Hashable, Codable {
    public var student: String
    public var day: Int64
    public var correct: Int64
    public var wrong: Int64
}

/// A student as the teacher's pages list them.
public struct StudentSummary: Sendable, Hashable, Codable {
    public var id: String
    public var name: String
    /// Days with any answer in the range asked, and answers in it.
    public var daysPractised: Int64
    public var answers: Int64
}

/// A `prompt` event's details: the question asked, as its kind shows it.
public struct PromptDetails: Sendable, Hashable, Codable {
    /// The question's number in the session.
    public var number: Int
    /// The question as shown: `kind` and the kind's own fields (never its answer).
    public var question: JSONValue
    /// True when the question is sounded again.
    public var `repeat`: Bool
    public var staff: [StaffEntry]
    /// How many notes a counted question asks (a scale's 8, a melody's 4).
    public var answerCount: Int?
    /// The notes sounded, where the question names what it asks.
    public var sounds: [String]?

    public init(number: Int, question: JSONValue, repeat: Bool, staff: [StaffEntry], answerCount: Int?, sounds: [String]?) {
        self.number = number
        self.question = question
        self.repeat = `repeat`
        self.staff = staff
        self.answerCount = answerCount
        self.sounds = sounds
    }

    enum CodingKeys: String, CodingKey {
        case number, question, `repeat`, staff, sounds
        case answerCount = "answer_count"
    }
}

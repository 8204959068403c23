/// An `answer_revealed` event's details: the answer given away and why. The kind's own fields go
/// beside them (a rhythm's `pattern`: `WithKindFields`).
public struct AnswerRevealedDetails: Sendable, Hashable, Codable {
    public var answers: [ExpectedNoteReport]
    /// `skipped`, or `too_many_tries`.
    public var reason: String
    public var staff: [StaffEntry]

    public init(answers: [ExpectedNoteReport], reason: String, staff: [StaffEntry]) {
        self.answers = answers
        self.reason = reason
        self.staff = staff
    }
}

/// A `round_complete` event's details: a round of several notes played to its end (a scale's).
/// The kind's own fields go beside them (a scale's `scale`: `WithKindFields`).
public struct RoundCompleteDetails: Sendable, Hashable, Codable {
    public var round: Int
    public var errors: Int
    public var seconds: Double

    public init(round: Int, errors: Int, seconds: Double) {
        self.round = round
        self.errors = errors
        self.seconds = seconds
    }
}

/// An `answer_revealed` event's details: the answer given away, why, and the kind's own fields
/// (a rhythm's `pattern`).
public struct AnswerRevealedDetails: Sendable, Hashable {
    public var answers: [ExpectedNoteReport]
    /// `skipped`, or `too_many_tries`.
    public var reason: String
    public var staff: [StaffEntry]
    public var kindFields: KindFields

    public init(answers: [ExpectedNoteReport], reason: String, staff: [StaffEntry], kindFields: KindFields = [:]) {
        self.answers = answers
        self.reason = reason
        self.staff = staff
        self.kindFields = kindFields
    }
}

extension AnswerRevealedDetails: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case answers, reason, staff
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(answers: try container.decode([ExpectedNoteReport].self, forKey: .answers), reason: try container.decode(String.self, forKey: .reason),
                  staff: try container.decode([StaffEntry].self, forKey: .staff), kindFields: try decoder.kindFields(besides: CodingKeys.self))
    }

    public func encode(to encoder: any Encoder) throws {
        try encoder.encode(kindFields: kindFields, besides: CodingKeys.self)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(answers, forKey: .answers)
        try container.encode(reason, forKey: .reason)
        try container.encode(staff, forKey: .staff)
    }
}

/// A `round_complete` event's details: a round of several notes played to its end (a scale's),
/// and the kind's own fields (a scale's `scale`).
public struct RoundCompleteDetails: Sendable, Hashable {
    public var round: Int
    public var errors: Int
    public var seconds: Double
    public var kindFields: KindFields

    public init(round: Int, errors: Int, seconds: Double, kindFields: KindFields = [:]) {
        self.round = round
        self.errors = errors
        self.seconds = seconds
        self.kindFields = kindFields
    }
}

extension RoundCompleteDetails: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case round, errors, seconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(round: try container.decode(Int.self, forKey: .round), errors: try container.decode(Int.self, forKey: .errors),
                  seconds: try container.decode(Double.self, forKey: .seconds), kindFields: try decoder.kindFields(besides: CodingKeys.self))
    }

    public func encode(to encoder: any Encoder) throws {
        try encoder.encode(kindFields: kindFields, besides: CodingKeys.self)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(round, forKey: .round)
        try container.encode(errors, forKey: .errors)
        try container.encode(seconds, forKey: .seconds)
    }
}

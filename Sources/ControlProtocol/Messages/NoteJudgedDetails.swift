/// A `note_judged` event's details: one answer judged, and beside it the kind's own fields (a
/// rhythm's `onsets`, a match's `tolerance_cents`).
public struct NoteJudgedDetails: Sendable, Hashable {
    /// The key played (the highest of several held together).
    public var played: String
    public var playedMidi: Int
    public var correct: Bool
    /// The try's number within the question.
    public var attempt: Int
    public var responseSeconds: Double
    public var sincePromptSeconds: Double
    public var staff: [StaffEntry]
    /// The note that answers, where it is no secret (right, or a scale's next degree).
    public var expected: ExpectedNoteReport?
    /// What was asked, once it may be named.
    public var subject: String?
    /// Every key held together, lowest first, when there were several.
    public var keys: [String]?
    /// What the keys made (`D major`, `no chord`).
    public var heardAs: String?
    /// The offset asked, or a tuned note's signed error.
    public var cents: Double?
    /// A comparison's outcome (`higher`, `the first was pure`).
    public var outcome: String?
    public var kindFields: KindFields

    public init(played: String, playedMidi: Int, correct: Bool, attempt: Int, responseSeconds: Double, sincePromptSeconds: Double,
                staff: [StaffEntry], expected: ExpectedNoteReport? = nil, subject: String? = nil, keys: [String]? = nil,
                heardAs: String? = nil, cents: Double? = nil, outcome: String? = nil, kindFields: KindFields = [:]) {
        self.played = played
        self.playedMidi = playedMidi
        self.correct = correct
        self.attempt = attempt
        self.responseSeconds = responseSeconds
        self.sincePromptSeconds = sincePromptSeconds
        self.staff = staff
        self.expected = expected
        self.subject = subject
        self.keys = keys
        self.heardAs = heardAs
        self.cents = cents
        self.outcome = outcome
        self.kindFields = kindFields
    }
}

extension NoteJudgedDetails: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case played, correct, attempt, staff, expected, subject, keys, cents, outcome
        case playedMidi = "played_midi", responseSeconds = "response_seconds", sincePromptSeconds = "since_prompt_seconds"
        case heardAs = "heard_as"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            played: try container.decode(String.self, forKey: .played), playedMidi: try container.decode(Int.self, forKey: .playedMidi),
            correct: try container.decode(Bool.self, forKey: .correct), attempt: try container.decode(Int.self, forKey: .attempt),
            responseSeconds: try container.decode(Double.self, forKey: .responseSeconds),
            sincePromptSeconds: try container.decode(Double.self, forKey: .sincePromptSeconds),
            staff: try container.decode([StaffEntry].self, forKey: .staff),
            expected: try container.decodeIfPresent(ExpectedNoteReport.self, forKey: .expected),
            subject: try container.decodeIfPresent(String.self, forKey: .subject), keys: try container.decodeIfPresent([String].self, forKey: .keys),
            heardAs: try container.decodeIfPresent(String.self, forKey: .heardAs), cents: try container.decodeIfPresent(Double.self, forKey: .cents),
            outcome: try container.decodeIfPresent(String.self, forKey: .outcome), kindFields: try decoder.kindFields(besides: CodingKeys.self))
    }

    public func encode(to encoder: any Encoder) throws {
        try encoder.encode(kindFields: kindFields, besides: CodingKeys.self)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(played, forKey: .played)
        try container.encode(playedMidi, forKey: .playedMidi)
        try container.encode(correct, forKey: .correct)
        try container.encode(attempt, forKey: .attempt)
        try container.encode(responseSeconds, forKey: .responseSeconds)
        try container.encode(sincePromptSeconds, forKey: .sincePromptSeconds)
        try container.encode(staff, forKey: .staff)
        try container.encodeIfPresent(expected, forKey: .expected)
        try container.encodeIfPresent(subject, forKey: .subject)
        try container.encodeIfPresent(keys, forKey: .keys)
        try container.encodeIfPresent(heardAs, forKey: .heardAs)
        try container.encodeIfPresent(cents, forKey: .cents)
        try container.encodeIfPresent(outcome, forKey: .outcome)
    }
}

/// A `note_judged` event's details: one answer judged. The kind's own fields go beside them
/// (a rhythm's `onsets`, a match's `tolerance_cents`: `WithKindFields`).
public struct NoteJudgedDetails: Sendable, Hashable, Codable {
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
    /// `listen` for a note the listening input heard (sung, bowed); absent for a key.
    public var source: String?
    /// For a heard note: whether it was within `training.listen.tolerance_cents` of the note in tune.
    public var inTune: Bool?
    /// A right note's name in the student's naming (`training.names`: `mi`), absent by letters.
    public var name: String?

    public init(played: String, playedMidi: Int, correct: Bool, attempt: Int, responseSeconds: Double, sincePromptSeconds: Double,
                staff: [StaffEntry], expected: ExpectedNoteReport? = nil, subject: String? = nil, keys: [String]? = nil,
                heardAs: String? = nil, cents: Double? = nil, outcome: String? = nil, source: String? = nil, inTune: Bool? = nil,
                name: String? = nil) {
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
        self.source = source
        self.inTune = inTune
        self.name = name
    }
}

extension NoteJudgedDetails {
    enum CodingKeys: String, CodingKey {
        case played, correct, attempt, staff, expected, subject, keys, cents, outcome
        case playedMidi = "played_midi", responseSeconds = "response_seconds", sincePromptSeconds = "since_prompt_seconds"
        case heardAs = "heard_as", source, inTune = "in_tune", name
    }
}

/// A page of a box's answers (`POST /api/v1/answers`): every closed answer the box holds with a
/// sequence number above `after` and up to `through`, in order. The hub takes it only when
/// `after` is no further than what it already holds for the box (`BoxState.ackedThrough`), and
/// then holds everything up to `through`.
public struct AnswerPush: Sendable, Hashable, Codable {
    /// The sequence number the page starts after: the hub's `acked_through` when the box asked.
    public var after: Int64
    /// The last sequence number the page covers (its last answer's, or more when rows between
    /// are gone from the box).
    public var through: Int64
    /// When the box sent it, Unix seconds, by the box's clock: how the hub finds a clock set wrong.
    public var sentAt: Double
    public var answers: [PushedAnswer]

    public init(after: Int64, through: Int64, sentAt: Double, answers: [PushedAnswer]) {
        self.after = after
        self.through = through
        self.sentAt = sentAt
        self.answers = answers
    }

    /// The most answers in one page.
    public static let largestPage = 1_000

    enum CodingKeys: String, CodingKey {
        case after, through, answers
        case sentAt = "sent_at"
    }
}

/// The hub's reply to a push.
public struct PushReceipt: Sendable, Hashable, Codable {
    /// Everything up to this sequence number is held now.
    public var ackedThrough: Int64
    /// Answers stored by this push.
    public var stored: Int
    /// Answers the hub already held (a retry, a file restored from a backup).
    public var duplicates: Int

    public init(ackedThrough: Int64, stored: Int, duplicates: Int) {
        self.ackedThrough = ackedThrough
        self.stored = stored
        self.duplicates = duplicates
    }

    enum CodingKeys: String, CodingKey {
        case stored, duplicates
        case ackedThrough = "acked_through"
    }
}

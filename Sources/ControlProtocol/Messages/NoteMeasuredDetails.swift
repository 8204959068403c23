/// A `note_measured` event's details: a sung note judged before, measured whole once it ended
/// (the centre of its stable part), against the same note in tune as its judgement. Its cents
/// replace the judgement's in the results and the statistics.
public struct NoteMeasuredDetails: Sendable, Hashable, Codable {
    /// The key it was judged as.
    public var played: String
    /// What its judgement counted it under, when it was right (a wrong try names nothing).
    public var subject: String?
    /// The cents its `note_judged` gave, read as it settled.
    public var judgedCents: Double
    /// The whole note's signed error, sharp positive, to a tenth of a cent.
    public var cents: Double
    /// Right, and within `training.listen.tolerance_cents`.
    public var inTune: Bool

    public init(played: String, subject: String?, judgedCents: Double, cents: Double, inTune: Bool) {
        self.played = played
        self.subject = subject
        self.judgedCents = judgedCents
        self.cents = cents
        self.inTune = inTune
    }

    enum CodingKeys: String, CodingKey {
        case played, subject, cents
        case judgedCents = "judged_cents", inTune = "in_tune"
    }
}

/// A `listen` event's details (topic `listen`): what the listening input hears now, read as a
/// tuner reads it against the open question's tuning from its tuning root (equal temperament from
/// A4 while no question is open). Sent as the reading changes, at most 20 times a second.
public struct ListenReading: Sendable, Hashable, Codable {
    /// The input's level, in dB of full scale to a tenth; nil before any sample.
    public var levelDB: Double?
    /// The pitch heard, in hertz to a hundredth; nil when nothing pitched is heard.
    public var hertz: Double?
    /// The nearest note of the tuning (`A3`), nil with no pitch.
    public var note: String?
    /// The pitch's distance from that note, in cents to a tenth (sharp positive).
    public var cents: Double?
    /// Within `tolerance_cents` of the note.
    public var inTune: Bool?
    /// `training.listen.tolerance_cents`.
    public var toleranceCents: Double
    /// `equal`, `just` or `pythagorean`.
    public var tuning: String
    /// The tonic the just and Pythagorean notes are tuned from (`C`); nil in equal temperament.
    public var tonic: String?

    public init(levelDB: Double?, hertz: Double?, note: String?, cents: Double?, inTune: Bool?,
                toleranceCents: Double, tuning: String, tonic: String?) {
        self.levelDB = levelDB
        self.hertz = hertz
        self.note = note
        self.cents = cents
        self.inTune = inTune
        self.toleranceCents = toleranceCents
        self.tuning = tuning
        self.tonic = tonic
    }

    enum CodingKeys: String, CodingKey {
        case hertz, note, cents, tuning, tonic
        case levelDB = "level_db", inTune = "in_tune", toleranceCents = "tolerance_cents"
    }
}

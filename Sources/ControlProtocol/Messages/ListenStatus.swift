/// The listening input, as `status` shows it (`devices.listen`) while `[listen]` names a driver.
public struct ListenStatus: Sendable, Hashable, Codable {
    /// `file`.
    public var driver: String
    /// What it reads: a path.
    public var device: String
    /// Whether samples are coming in now.
    public var listening: Bool
    /// Why it is not listening (a path that cannot be opened, a stream that ended), in words.
    public var problem: String?
    /// The stream's format, as read from its header (`48000 Hz, 1 channel, 16-bit`).
    public var format: String?
    /// The input's level now, in dB of full scale; nil before any sample.
    public var levelDB: Double?
    /// The pitch heard now, in hertz; nil when nothing pitched is heard.
    public var hertz: Double?
    /// Notes heard and handed to the engine since the daemon started.
    public var notesHeard: Int
    /// Onsets without pitch (claps, taps on the microphone) that answered a rhythm since the
    /// daemon started.
    public var tapsHeard: Int
    /// Notes and claps left out as the daemon's own sound (they began while it sounded, or in its echo).
    public var ownSound: Int
    /// Times samples were lost since the daemon started: the input was not read in time (a
    /// capture overrun; a note across the gap may be heard as two).
    public var overruns: Int
    /// From a heard note's onset to its judgement, the median of the recent ones, in milliseconds.
    public var listenToJudgement: Double?

    public init(driver: String, device: String, listening: Bool = false, problem: String? = nil, format: String? = nil,
                levelDB: Double? = nil, hertz: Double? = nil, notesHeard: Int = 0, tapsHeard: Int = 0, ownSound: Int = 0,
                overruns: Int = 0, listenToJudgement: Double? = nil) {
        self.driver = driver
        self.device = device
        self.listening = listening
        self.problem = problem
        self.format = format
        self.levelDB = levelDB
        self.hertz = hertz
        self.notesHeard = notesHeard
        self.tapsHeard = tapsHeard
        self.ownSound = ownSound
        self.overruns = overruns
        self.listenToJudgement = listenToJudgement
    }

    enum CodingKeys: String, CodingKey {
        case driver, device, listening, problem, format, hertz, overruns
        case levelDB = "level_db", notesHeard = "notes_heard", tapsHeard = "taps_heard", ownSound = "own_sound"
        case listenToJudgement = "listen_to_judgement_ms"
    }
}

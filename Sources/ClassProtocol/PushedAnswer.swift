/// One judged answer as a box pushes it to the hub: the box's own record of it, with the two
/// numbers the hub counts by. `uid` is the answer's id everywhere (made on the box when it was
/// stored); `seq` is its row in the box's own file, which only grows.
public struct PushedAnswer: Sendable, Hashable, Codable {
    /// The answer's id everywhere: 128 random bits as 32 lower-case hex digits, made on the box
    /// when it was stored. The hub stores an answer once, however often it comes.
    public var uid: String
    /// The box's sequence number for it (its statistics row id).
    public var seq: Int64
    /// When the key was pressed or the note sung, Unix seconds, by the box's clock.
    public var time: Double
    /// The session it belongs to (a UUID).
    public var session: String
    /// The exercise kind (`interval`, `scale`…).
    public var exercise: String
    /// What it is counted under (`interval:M3`), if anything.
    public var item: String?
    /// The note expected and the note played, as MIDI numbers.
    public var expectedMIDI: Int
    public var playedMIDI: Int
    /// Whether it answered the question.
    public var correct: Bool
    /// Which try at this note, from 1.
    public var attempt: Int
    /// From the note's becoming expected to the answer, in seconds.
    public var responseSeconds: Double
    /// A sung or tuned answer's signed error in cents.
    public var cents: Double?
    /// The rest of the box's record (root, mode, the question as its kind's JSON), for the
    /// export; the hub reads nothing from it.
    public var record: [String: String]

    public init(uid: String, seq: Int64, time: Double, session: String, exercise: String, item: String?,
                expectedMIDI: Int, playedMIDI: Int, correct: Bool, attempt: Int, responseSeconds: Double,
                cents: Double?, record: [String: String] = [:]) {
        self.uid = uid
        self.seq = seq
        self.time = time
        self.session = session
        self.exercise = exercise
        self.item = item
        self.expectedMIDI = expectedMIDI
        self.playedMIDI = playedMIDI
        self.correct = correct
        self.attempt = attempt
        self.responseSeconds = responseSeconds
        self.cents = cents
        self.record = record
    }

    enum CodingKeys: String, CodingKey {
        case uid, seq, time, session, exercise, item, correct, attempt, cents, record
        case expectedMIDI = "expected_midi", playedMIDI = "played_midi", responseSeconds = "response_seconds"
    }
}

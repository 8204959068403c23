/// One event of the daemon, as stdout (in JSON form) and subscribers see it.
public struct EventReport: Sendable, Hashable, Codable {
    /// Increases by one with every event the daemon reports.
    public var seq: Int
    /// session_started, prompt, note_judged, round_complete, answer_revealed, session_ended, device.
    public var type: String
    /// The subscription topic it belongs to.
    public var topic: Topic
    /// Seconds since the session started (0 outside sessions).
    public var sessionSeconds: Double
    /// The line a person reads, e.g. `12.4s  D dorian  E3 ✓  2/8`.
    public var text: String
    /// The event's own fields (expected, played, correct, response time, staff, results, …).
    public var details: JSONValue

    public init(seq: Int, type: String, topic: Topic, sessionSeconds: Double, text: String, details: JSONValue) {
        self.seq = seq
        self.type = type
        self.topic = topic
        self.sessionSeconds = sessionSeconds
        self.text = text
        self.details = details
    }

    enum CodingKeys: String, CodingKey {
        case seq, type, topic, text, details
        case sessionSeconds = "session_seconds"
    }
}

extension EventReport {
    /// A session start's student (`details.profile`), whose answers the session records.
    public var sessionProfile: String? {
        guard case .sessionStarted(let started) = body else { return nil }
        return started.profile
    }

    /// Names the student of a session start, in its details and its line.
    public mutating func attach(profile: String) {
        guard type == "session_started", var started = try? Wire.decode(SessionStartedDetails.self, from: details) else { return }
        started.profile = profile
        details = Wire.value(started)
        text += " (profile \(profile))"
    }
}

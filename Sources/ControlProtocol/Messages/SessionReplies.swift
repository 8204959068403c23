/// `session.start` result: the session begun, as `status` shows it.
public struct SessionStartResult: Sendable, Hashable, Codable {
    public var session: SessionStatus

    public init(session: SessionStatus) {
        self.session = session
    }
}

/// `session.repeat` result: the question sounded again.
public struct SessionRepeatResult: Sendable, Hashable, Codable {
    public var repeated: Bool

    public init(repeated: Bool = true) {
        self.repeated = repeated
    }
}

/// `session.skip` result: the answer shown, the next question asked.
public struct SessionSkipResult: Sendable, Hashable, Codable {
    public var skipped: Bool

    public init(skipped: Bool = true) {
        self.skipped = skipped
    }
}

import Training

/// `session.start` result: the session begun, as `status` shows it.
public struct SessionStartResult: Sendable, Hashable, Codable {
    public var session: SessionStatus

    public init(session: SessionStatus) {
        self.session = session
    }
}

/// `session.repeat` params: what to hear again; all of it when not given.
public struct SessionRepeatParams: Sendable, Hashable, Codable {
    public var part: RepeatPart?

    public init(part: RepeatPart? = nil) {
        self.part = part
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

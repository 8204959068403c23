/// `class.join`'s params: the hub's address and the teacher's one-time code (docs/class.md).
public struct ClassJoinParams: Sendable, Hashable, Codable {
    /// `https://host:port`; `http://` only to a loopback address.
    public var url: String
    /// The code as the teacher gave it: `K7QF-93XD-M2XA-PW4R.9c1e…`.
    public var code: String
    /// The statistics profile whose answers go to the class (default: the daemon's).
    public var profile: String?
    /// The name the box goes by on the hub (default: the machine's host name).
    public var name: String?

    public init(url: String, code: String, profile: String? = nil, name: String? = nil) {
        self.url = url
        self.code = code
        self.profile = profile
        self.name = name
    }
}

/// Where the box is now.
public struct ClassJoinResult: Sendable, Hashable, Codable {
    public var hub: String
    public var box: String
    public var student: String

    public init(hub: String, box: String, student: String) {
        self.hub = hub
        self.box = box
        self.student = student
    }
}

/// `class.status`: whether the box is in a class, and how its answers are getting there.
public struct ClassStatusResult: Sendable, Hashable, Codable {
    public var joined: Bool
    public var hub: String?
    public var box: String?
    public var student: String?
    public var profile: String?
    /// Everything up to this answer (a row of the box's statistics) is on the hub, as it last said.
    public var pushedThrough: Int64
    /// Answers stored after it: still to be pushed.
    public var pending: Int
    /// Answers pushed since the daemon started, and how many of those the hub held already.
    public var pushed: Int
    public var duplicates: Int
    /// When the last round ended well, Unix seconds.
    public var lastRoundAt: Double?
    /// Why the last try failed, if it did.
    public var lastError: String?
    /// The name of the lesson plan the teacher assigned, which the box follows.
    public var assignment: String?

    public init(joined: Bool, hub: String? = nil, box: String? = nil, student: String? = nil, profile: String? = nil,
                pushedThrough: Int64 = 0, pending: Int = 0, pushed: Int = 0, duplicates: Int = 0, lastRoundAt: Double? = nil,
                lastError: String? = nil, assignment: String? = nil) {
        self.joined = joined
        self.hub = hub
        self.box = box
        self.student = student
        self.profile = profile
        self.pushedThrough = pushedThrough
        self.pending = pending
        self.pushed = pushed
        self.duplicates = duplicates
        self.lastRoundAt = lastRoundAt
        self.lastError = lastError
        self.assignment = assignment
    }

    enum CodingKeys: String, CodingKey {
        case joined, hub, box, student, profile, pending, pushed, duplicates, assignment
        case pushedThrough = "pushed_through", lastRoundAt = "last_round_at", lastError = "last_error"
    }
}

/// `class.leave`: the box left its class (its statistics stay).
public struct ClassLeaveResult: Sendable, Hashable, Codable {
    public var left: Bool

    public init(left: Bool) {
        self.left = left
    }
}

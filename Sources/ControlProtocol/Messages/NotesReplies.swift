/// `notes.play` result: what was pressed, and whether the answers it caused are stored.
public struct NotesPlayResult: Sendable, Hashable, Codable {
    /// Each element as given, keys held together joined with `+`, with its `@onset` and `+length`.
    public var played: [String]
    /// True once every answer the notes caused is committed to the statistics; absent from a
    /// daemon that keeps none.
    public var recorded: Bool?

    public init(played: [String], recorded: Bool?) {
        self.played = played
        self.recorded = recorded
    }
}

/// `notes.bend` result: where the wheel is, and how far that bends.
public struct NotesBendResult: Sendable, Hashable, Codable {
    /// −8192…8191, 0 centred.
    public var value: Int
    /// At the configured bend range, to the thousandth.
    public var cents: Double

    public init(value: Int, cents: Double) {
        self.value = value
        self.cents = cents
    }
}

/// `subscribe` and `unsubscribe` result: the topics heard now, in alphabetical order.
public struct TopicsResult: Sendable, Hashable, Codable {
    public var topics: [Topic]

    public init(topics: some Sequence<Topic>) {
        self.topics = topics.sorted { $0.rawValue < $1.rawValue }
    }
}

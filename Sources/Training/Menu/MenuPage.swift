import MusicTheory

/// One page of the keyboard menu: one thing chosen on it (the exercise, the mode, the root, …).
public struct MenuPage: Sendable, Hashable {
    /// How a key answers the page.
    public enum Input: Sendable, Hashable {
        /// The white keys from the lowest C of the note range upward choose these, in order.
        case choices([MenuChoice])
        /// Any key in the note range is the choice itself (a root: "play it").
        case note
    }

    /// What the page sets, such as `kind`, `mode`, `root`, `tuning`.
    public let key: String
    /// What it is called when spoken, such as "exercise".
    public let title: String
    public let input: Input

    public init(key: String, title: String, input: Input) {
        self.key = key
        self.title = title
        self.input = input
    }
}

/// One choice on a page: the value it sets and how it is spoken.
public struct MenuChoice: Sendable, Hashable {
    /// The value as the rest of the daemon names it (`dorian`, `just_intonation`).
    public let value: String
    /// As the voice says it ("dorian", "just intonation").
    public let spoken: String

    public init(_ value: String, spoken: String? = nil) {
        self.value = value
        self.spoken = spoken ?? String(value.map { $0 == "_" || $0 == "-" ? " " : $0 })
    }
}

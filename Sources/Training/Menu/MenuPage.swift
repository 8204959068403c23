import MusicTheory

/// One page of the keyboard menu: one thing chosen on it (the exercise, the mode, the root, …).
public struct MenuPage: Sendable, Hashable {
    /// How a key answers the page.
    public enum Input: Sendable, Hashable {
        /// The white keys from C3 (`KeyboardMenu.firstChoiceKey`) upward choose these, in order.
        case choices([MenuChoice])
        /// Any key is the choice itself (a root: "play it").
        case note
        /// The keyboard's own keys: its lowest key, then its highest (the note range questions
        /// are drawn from, so that every answer is on the keyboard).
        case keys
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

/// One choice on a page: the value it sets (as `session.start` params take it) and how it is
/// spoken.
public struct MenuChoice: Sendable, Hashable {
    /// The value as the rest of the daemon names it (`"dorian"`, `"just"`, `["m3", "M3"]`).
    public let value: JSONValue
    /// As the voice says it ("dorian", "just intonation").
    public let spoken: String

    public init(_ value: JSONValue, spoken: String) {
        self.value = value
        self.spoken = spoken
    }

    /// A named value, spoken as its name with `_` and `-` read as spaces.
    public init(_ name: String, spoken: String? = nil) {
        self.init(.string(name), spoken: spoken ?? String(name.map { $0 == "_" || $0 == "-" ? " " : $0 }))
    }
}

extension MenuPage {
    /// The root: the key played is the root ("play it").
    public static let root = MenuPage(key: "root", title: "root", input: .note)
    /// The keyboard's keys: its lowest and highest key.
    public static let keys = MenuPage(key: "keys", title: "keys", input: .keys)
}

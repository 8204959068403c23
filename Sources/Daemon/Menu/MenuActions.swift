import Training

/// What the keyboard menu does outside the core: says its words (the voice, and stdout), and,
/// when it closes, applies the choices (the student's settings kept, the session started); the
/// skip key in the menu pairs a phone with the web view (the voice alone says the code).
public struct MenuActions: Sendable {
    public let say: @Sendable (String) -> Void
    /// The choices by page key: `kind`, the kind's own params (`mode`, `root`, …), `tuning`, `sound`.
    public let finished: @Sendable ([String: JSONValue]) async -> Void
    /// Offers a pairing code and speaks it with the pairing page's address; nil: no pairing here.
    public let pair: (@Sendable () -> Void)?

    public init(
        say: @escaping @Sendable (String) -> Void, finished: @escaping @Sendable ([String: JSONValue]) async -> Void,
        pair: (@Sendable () -> Void)? = nil
    ) {
        self.say = say
        self.finished = finished
        self.pair = pair
    }
}

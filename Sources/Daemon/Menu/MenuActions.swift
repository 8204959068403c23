import Training

/// What the keyboard menu does outside the core: says its words (the voice, and stdout), and,
/// when it closes, applies the choices (the student's settings kept, the session started).
public struct MenuActions: Sendable {
    public let say: @Sendable (String) -> Void
    /// The choices by page key: `kind`, the kind's own params (`mode`, `root`, …), `tuning`, `sound`.
    public let finished: @Sendable ([String: JSONValue]) async -> Void

    public init(say: @escaping @Sendable (String) -> Void, finished: @escaping @Sendable ([String: JSONValue]) async -> Void) {
        self.say = say
        self.finished = finished
    }
}

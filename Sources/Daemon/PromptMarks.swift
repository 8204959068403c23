/// The moments of a prompt its output tells the daemon of, each called with the instant it leaves
/// the speaker (the device's delay counted).
public struct PromptMarks: Sendable {
    public typealias Mark = @Sendable (ContinuousClock.Instant) -> Void
    /// Its first note: what a steady click's grid is measured from.
    public var first: Mark?
    /// The start of its last phrase: what an answer played along with counts from.
    public var lastPhrase: Mark?
    /// The end of its last note: what an answer counts from.
    public var end: Mark?

    public init(first: Mark? = nil, lastPhrase: Mark? = nil, end: Mark? = nil) {
        self.first = first
        self.lastPhrase = lastPhrase
        self.end = end
    }
}

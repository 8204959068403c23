/// When the open question's prompt was heard, as the sound output reports it, on the engine's
/// clock: what an answer's time counts from (the instruction before the notes, and the breath, the
/// echo and the naming before the instruction, are not the student's time). Nil until reported; a
/// repeat's report replaces the one before.
public struct PromptHeard: Sendable, Equatable {
    /// When the prompt's last phrase began to sound: what a kind played along with counts from.
    public var lastPhrase: Duration?
    /// When the prompt's last note ended: the moment the answer can be given.
    public var end: Duration?

    public init(lastPhrase: Duration? = nil, end: Duration? = nil) {
        self.lastPhrase = lastPhrase
        self.end = end
    }
}

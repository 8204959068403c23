import MusicTheory

/// Notes the audio sounds for a question, one phrase after another: a phrase's notes in sequence,
/// or together (a chord, a harmonic interval). A question's sounds are a list of phrases, so a
/// cadence, a chord or a melody is as easy to say as a single root.
public struct SoundPhrase: Sendable, Hashable, Codable {
    /// The notes, in order.
    public var notes: [MIDINote]
    /// Sounded at once rather than one after the other.
    public var together: Bool

    /// `notes`, one after the other unless `together`.
    public init(_ notes: [MIDINote], together: Bool = false) {
        self.notes = notes
        self.together = together
    }
}

extension [SoundPhrase] {
    /// Every note of the phrases, in order.
    public var notes: [MIDINote] { flatMap(\.notes) }
}

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

    /// How long the phrases take as the audio lays them out (each note the settings' note
    /// duration, the prompt gap after every note and phrase): from the first one's start to where
    /// a phrase after them starts.
    public func soundingTime(_ settings: TrainingSettings) -> Duration {
        reduce(.zero) { total, phrase in
            let notes = phrase.together ? Swift.min(1, phrase.notes.count) : phrase.notes.count
            return total + (settings.noteDuration + settings.promptGap) * notes
        }
    }
}

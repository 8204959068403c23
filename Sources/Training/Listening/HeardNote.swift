import MusicTheory

/// A note the listening input heard (sung, bowed, blown): its pitch, the centre of its stable
/// part, and when it began, on the engine's clock. The engine judges it as it would the key
/// nearest to it, and says how far it was from the note expected (`TrainingEngine.hear`).
public struct HeardNote: Sendable, Hashable, Codable {
    /// Its pitch.
    public let frequency: Frequency
    /// Its onset, on the engine's clock.
    public let time: Duration

    /// A note of `frequency` that began at `time`.
    public init(_ frequency: Frequency, at time: Duration) {
        self.frequency = frequency
        self.time = time
    }

    /// The key it is nearest to (equal tempered from `reference`); nil outside the keys' range.
    public func nearestKey(reference: ReferencePitch) -> MIDINote? {
        try? frequency.nearestNote(reference: reference).note
    }

    /// Its signed distance in cents from `target` (sharp positive); `octaveFree`: from the
    /// octave of `target` nearest to it, so a soprano's C5 is 0 c from a cello's C3.
    public func cents(from target: Frequency, octaveFree: Bool) -> Double {
        let cents = frequency.cents(above: target)
        return octaveFree ? cents - 1200 * (cents / 1200).rounded() : cents
    }
}

/// Where an answer came from: a key, or the listening input.
public enum AnswerSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// A key of a keyboard (or the virtual keyboard).
    case keys
    /// A note the listening input heard.
    case listen
}

/// How far a heard note was from the note in tune, in the session's tuning.
public struct SungPitch: Sendable, Hashable, Codable {
    /// Signed, sharp positive, to a tenth of a cent.
    public let cents: Double
    /// Within `TrainingSettings.listenToleranceCents`, and the right note.
    public let inTune: Bool

    public init(cents: Double, inTune: Bool) {
        self.cents = cents
        self.inTune = inTune
    }

    /// "in tune", "sharp", "flat".
    public var how: String { inTune ? "in tune" : cents > 0 ? "sharp" : "flat" }
}

import MusicTheory

/// Notes the audio sounds for a question, one phrase after another: a phrase's notes in sequence,
/// or together (a chord, a harmonic interval). A question's sounds are a list of phrases, so a
/// cadence, a chord or a melody is as easy to say as a single root.
///
/// An intonation drill moves notes off their tuned pitch (`cents`) or sounds a phrase in a tuning
/// of its own (`tuning`: the pure and the tempered version of one chord).
public struct SoundPhrase: Sendable, Hashable {
    /// The notes, in order.
    public var notes: [MIDINote]
    /// Sounded at once rather than one after the other.
    public var together: Bool
    /// Cents added to each note's tuned pitch, by position; a note past the end is not moved.
    public var cents: [Double]
    /// The tuning system this phrase is tuned in, instead of the session's.
    public var tuning: TuningSystem?

    /// `notes`, one after the other unless `together`; note i moved by `cents[i]`, tuned in
    /// `tuning` when one is given.
    public init(_ notes: [MIDINote], together: Bool = false, cents: [Double] = [], tuning: TuningSystem? = nil) {
        self.notes = notes
        self.together = together
        self.cents = cents
        self.tuning = tuning
    }

    /// The cents note `index` is moved by.
    public func offset(ofNote index: Int) -> Double {
        cents.indices.contains(index) ? cents[index] : 0
    }
}

extension SoundPhrase: Codable {
    private enum CodingKeys: String, CodingKey { case notes, together, cents, tuning }

    /// A phrase written before phrases had offsets or tunings decodes with neither.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode([MIDINote].self, forKey: .notes),
                  together: try container.decode(Bool.self, forKey: .together),
                  cents: try container.decodeIfPresent([Double].self, forKey: .cents) ?? [],
                  tuning: try container.decodeIfPresent(TuningSystem.self, forKey: .tuning))
    }

    /// Offsets and a tuning only where a phrase has them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(notes, forKey: .notes)
        try container.encode(together, forKey: .together)
        if !cents.isEmpty { try container.encode(cents, forKey: .cents) }
        try container.encodeIfPresent(tuning, forKey: .tuning)
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

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
    /// When each note sounds, by position, for a phrase with a rhythm of its own (a count-in and
    /// a pattern); empty: the settings' note duration and gap lay the notes out.
    public var timing: [NoteTime] = []
    /// The notes, by position, that are clicks (a count-in's, a steady grid's): the audio sounds
    /// them as a click of their own, short, bright and a little louder than the phrase's notes,
    /// whatever the sound source (a cello note there was soft and late).
    public var clicks: Set<Int> = []
    /// The question's answer is timed from when this phrase is heard (a steady click's grid): the
    /// daemon tells the question when its first note leaves the speaker (`OpenQuestion.heard(at:)`),
    /// and the phrase sounds no longer than its question is open.
    public var timesAnswer = false
    /// Starts on a bar line of the timed phrase before it, bars this many seconds long: the first
    /// far enough off for a word to be said first (a steady click's try again comes in on the old
    /// grid's downbeat, after "wrong"). Nil: as soon as the step before it has ended.
    public var startsOnBar: Double?

    /// `notes`, one after the other unless `together`; note i moved by `cents[i]`, tuned in
    /// `tuning` when one is given.
    public init(_ notes: [MIDINote], together: Bool = false, cents: [Double] = [], tuning: TuningSystem? = nil) {
        self.notes = notes
        self.together = together
        self.cents = cents
        self.tuning = tuning
    }

    /// `notes` at their `timing` (one per note): a rhythm.
    public init(_ notes: [MIDINote], timing: [NoteTime]) {
        precondition(notes.count == timing.count, "a time for every note")
        self.init(notes)
        self.timing = timing
    }

    /// The cents note `index` is moved by.
    public func offset(ofNote index: Int) -> Double {
        cents.indices.contains(index) ? cents[index] : 0
    }
}

extension SoundPhrase: Codable {
    private enum CodingKeys: String, CodingKey { case notes, together, cents, tuning, timing, clicks, timesAnswer = "times_answer", startsOnBar = "starts_on_bar" }

    /// A phrase written before phrases had offsets or tunings decodes with neither.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode([MIDINote].self, forKey: .notes),
                  together: try container.decode(Bool.self, forKey: .together),
                  cents: try container.decodeIfPresent([Double].self, forKey: .cents) ?? [],
                  tuning: try container.decodeIfPresent(TuningSystem.self, forKey: .tuning))
        timing = try container.decodeIfPresent([NoteTime].self, forKey: .timing) ?? []
        clicks = Set(try container.decodeIfPresent([Int].self, forKey: .clicks) ?? [])
        timesAnswer = try container.decodeIfPresent(Bool.self, forKey: .timesAnswer) ?? false
        startsOnBar = try container.decodeIfPresent(Double.self, forKey: .startsOnBar)
    }

    /// Offsets and a tuning only where a phrase has them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(notes, forKey: .notes)
        try container.encode(together, forKey: .together)
        if !cents.isEmpty { try container.encode(cents, forKey: .cents) }
        try container.encodeIfPresent(tuning, forKey: .tuning)
        if !timing.isEmpty { try container.encode(timing, forKey: .timing) }
        if !clicks.isEmpty { try container.encode(clicks.sorted(), forKey: .clicks) }
        if timesAnswer { try container.encode(timesAnswer, forKey: .timesAnswer) }
        try container.encodeIfPresent(startsOnBar, forKey: .startsOnBar)
    }
}

/// When one note of a timed phrase sounds: seconds from the phrase's start, and for how long.
public struct NoteTime: Sendable, Hashable, Codable {
    public var start: Double
    public var length: Double

    public init(start: Double, length: Double) {
        precondition(start >= 0 && length > 0, "a note starts at or after its phrase and lasts")
        self.start = start
        self.length = length
    }

    /// Where it ends, from the phrase's start.
    public var end: Double { start + length }
}

extension [SoundPhrase] {
    /// Every note of the phrases, in order.
    public var notes: [MIDINote] { flatMap(\.notes) }

    /// How long the phrases take as the audio lays them out (each note the settings' note
    /// duration, the prompt gap after every note and phrase): from the first one's start to where
    /// a phrase after them starts.
    public func soundingTime(_ settings: TrainingSettings) -> Duration {
        reduce(.zero) { total, phrase in
            if let end = phrase.timing.map(\.end).max() { return total + .seconds(end) + settings.promptGap }
            let notes = phrase.together ? Swift.min(1, phrase.notes.count) : phrase.notes.count
            return total + (settings.noteDuration + settings.promptGap) * notes
        }
    }
}

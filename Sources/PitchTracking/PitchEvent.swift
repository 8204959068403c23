/// What the note segmenter reports as a stream goes by.
public enum PitchEvent: Sendable, Hashable {
    /// A note has been stable long enough to be a note: reported within about 60 ms of its onset.
    case noteBegan(NoteBeginning)
    /// A note has ended, with the centre of its stable part.
    case noteEnded(TrackedNote)
}

/// A note that has just begun: its onset and its pitch so far.
public struct NoteBeginning: Sendable, Hashable {
    /// The onset, in seconds from the start of the stream.
    public let onset: Double
    /// The median frequency of the frames heard so far, in hertz: provisional (a scoop may still
    /// be in it).
    public let frequencySoFar: Double
    /// When the beginning was known: the time of the last sample read, in seconds.
    public let reportedAt: Double
}

/// A finished note.
public struct TrackedNote: Sendable, Hashable {
    /// The onset, in seconds from the start of the stream.
    public let onset: Double
    /// The end, in seconds from the start of the stream.
    public let end: Double
    /// The note's pitch: the centre of its stable part, in hertz. A vibrato counts as its centre,
    /// the attack's scoop is left out.
    public let frequency: Double
    /// Where the stable part began, in seconds from the start of the stream.
    public let stableFrom: Double
    /// The loudest frame's level, in dB below full scale.
    public let peakLevel: Double
}

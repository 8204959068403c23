import MusicTheory

/// A melodic dictation: a short melody in a key is heard, its first note shown; the student plays
/// it back, note by note. A wrong note starts the attempt again from the first note; after the
/// configured wrong attempts the melody is revealed.
public struct DictationExercise: Sendable, Hashable, Codable {
    /// Notes in a melody, 3…8.
    public var length: Int
    /// The scale the melody is made of (any of `Mode`'s; default Ionian).
    public var mode: Mode
    /// The key's tonic; nil: a random tonic each melody.
    public var root: RootNote?
    /// Only the octave heard counts (default); otherwise any octave of each note.
    public var exactOctave: Bool
    /// Wrong attempts before the melody is revealed.
    public var triesBeforeReveal: Int

    public init(length: Int = 4, mode: Mode = .ionian, root: RootNote? = nil, exactOctave: Bool = true, triesBeforeReveal: Int = 3) {
        self.length = length
        self.mode = mode
        self.root = root
        self.exactOctave = exactOctave
        self.triesBeforeReveal = triesBeforeReveal
    }

    /// The lengths a melody may have.
    public static let lengths = 3...8
}

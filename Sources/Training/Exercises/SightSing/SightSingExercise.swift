import MusicTheory

/// Sight-singing: a short melody in a key is shown on the staff and as its notes, and nothing of
/// it sounds. Only what sets the key does: its cadence before a key's first melody (the tonic
/// alone for a mode with no major or minor cadence), the tonic before each of the others. The
/// student sings it (or plays it), note by note from the first; a wrong note starts the attempt
/// again from the first, and after the configured wrong attempts the melody sounds and is shown
/// as revealed. A sung note is judged as its nearest key and told in cents in the session's
/// tuning, as every note kind's is.
public struct SightSingExercise: Sendable, Hashable, Codable {
    /// Notes in a melody, 3…8.
    public var length: Int
    /// The scale the melody is made of (any of `Mode`'s with a key; default Ionian).
    public var mode: Mode
    /// The key's tonic; nil: a random tonic every `melodiesPerKey` melodies.
    public var root: RootNote?
    /// Only the octave written counts; by default any octave of each note (a voice sings where
    /// it can).
    public var exactOctave: Bool
    /// Wrong attempts before the melody is sounded and shown as revealed.
    public var triesBeforeReveal: Int
    /// Melodies may leap a tritone (by default they never do, `MelodyRules`).
    public var tritones: Bool

    public init(length: Int = 4, mode: Mode = .ionian, root: RootNote? = nil, exactOctave: Bool = false, triesBeforeReveal: Int = 3,
                tritones: Bool = false) {
        self.length = length
        self.mode = mode
        self.root = root
        self.exactOctave = exactOctave
        self.triesBeforeReveal = triesBeforeReveal
        self.tritones = tritones
    }

    /// The lengths a melody may have.
    public static let lengths = 3...8
    /// Melodies in one key: its cadence sounds before the first of them.
    public static let melodiesPerKey = 4
}

/// Its notes are taken in any octave or in the one written (`MatchingOption`).
extension SightSingExercise: TakesOctave {}

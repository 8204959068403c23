import MusicTheory

/// A melodic dictation: a short melody in a key is heard, its first note shown; the student plays
/// it back, note by note. A wrong note starts the attempt again from the first note; after the
/// configured wrong attempts the melody is revealed. A key is kept for `melodiesPerKey` melodies,
/// set by its cadence (or its tonic) before the first. With `rhythm`, the melody has note values
/// (drawn as a rhythm question's are, `RhythmPattern`) and sounds in time after a bar of count-in;
/// a play-back right in pitch is judged on its onsets too (`RhythmJudge`). With scores (`--from`),
/// each melody is a phrase of them instead (`DictationExercise+Scores`).
public struct DictationExercise: Sendable, Hashable, Codable {
    /// Notes in a melody, 3…8.
    public var length: Int
    /// The scale the melody is made of (any of `Mode`'s; default Ionian).
    public var mode: Mode
    /// The key's tonic; nil: a random tonic every `melodiesPerKey` melodies.
    public var root: RootNote?
    /// Only the octave heard counts (default); otherwise any octave of each note.
    public var exactOctave: Bool
    /// Wrong attempts before the melody is revealed.
    public var triesBeforeReveal: Int
    /// Melodies may leap a tritone (by default they never do, `MelodyRules`).
    public var tritones: Bool
    /// The melody has a rhythm, judged too.
    public var rhythm: Bool
    /// Its tempo, meter, level and onset tolerance (with `rhythm`; a score's melody keeps its own
    /// meter and note values).
    public var timing: RhythmTiming
    /// The scores its melodies are drawn from (`--from`); nil: each melody is made (`Melody`).
    public var score: DictationScore?

    public init(length: Int = 4, mode: Mode = .ionian, root: RootNote? = nil, exactOctave: Bool = true, triesBeforeReveal: Int = 3,
                tritones: Bool = false, rhythm: Bool = false, timing: RhythmTiming = RhythmTiming(), score: DictationScore? = nil) {
        self.length = length
        self.mode = mode
        self.root = root
        self.exactOctave = exactOctave
        self.triesBeforeReveal = triesBeforeReveal
        self.tritones = tritones
        self.rhythm = rhythm
        self.timing = timing
        self.score = score
    }

    /// The lengths a melody may have.
    public static let lengths = 3...8
    /// Melodies in one key: the key is set (by its cadence, or its tonic) before the first of them.
    public static let melodiesPerKey = 4
}

/// Its notes are taken in the octave heard or in any (`MatchingOption`).
extension DictationExercise: TakesOctave {}

/// Its answer, when timed, is drawn as the rhythm it asked.
extension DictationExercise: DrawsRhythmAnswer {}

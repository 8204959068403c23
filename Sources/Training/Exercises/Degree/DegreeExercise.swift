import MusicTheory

/// A scale-degree exercise (functional ear training): a cadence sets a key, then one note of its
/// scale sounds; the student plays it. After the answer the note resolves stepwise to the tonic.
/// Questions stay in one key for `questionsPerKey` questions; the cadence sounds before each
/// (or, without `cadenceEachQuestion`, only a new key's).
public struct DegreeExercise: Sendable, Hashable, Codable {
    /// Major (I–IV–V–I) or minor (i–iv–V–i, degrees from harmonic minor).
    public var quality: Key.Quality
    /// The tonic; nil: a random tonic, a new one every `questionsPerKey` questions.
    public var root: RootNote?
    /// The degrees asked, 1…7 (default all seven).
    public var degrees: [Int]
    /// Only the note in the octave heard counts; otherwise any octave of it.
    public var exactOctave: Bool
    /// Wrong answers before the note is revealed.
    public var triesBeforeReveal: Int
    /// Degrees missed come up more often.
    public var adaptive: Bool
    /// Questions asked in one key before a random tonic changes.
    public var questionsPerKey: Int
    /// Sound the cadence before every question (the default, as a teacher does), not only when
    /// the key changes.
    public var cadenceEachQuestion: Bool

    public init(quality: Key.Quality = .major, root: RootNote? = nil, degrees: [Int] = Array(1...7), exactOctave: Bool = false,
                triesBeforeReveal: Int = 3, adaptive: Bool = true, questionsPerKey: Int = 8, cadenceEachQuestion: Bool = true) {
        self.quality = quality
        self.root = root
        self.degrees = degrees
        self.exactOctave = exactOctave
        self.triesBeforeReveal = triesBeforeReveal
        self.adaptive = adaptive
        self.questionsPerKey = questionsPerKey
        self.cadenceEachQuestion = cadenceEachQuestion
    }

    /// A degree's number read from params or the config file: 1…7.
    static func degree(_ number: Int) throws(TrainingError) -> Int {
        guard (1...7).contains(number) else { throw TrainingError("a degree is 1-7, got \(number)") }
        return number
    }
}

/// Its note is taken in the octave heard or in any (`MatchingOption`).
extension DegreeExercise: TakesOctave {}

import MusicTheory

/// A rhythm exercise: a count-in sets the tempo, then a pattern of one or two bars sounds on one
/// pitch; the student plays it back on any key (or, `strict`, on the pitch shown), starting when
/// ready and judged onset by onset from its own first onset (`RhythmJudge`), or with a steady
/// click on the downbeat after one more bar of clicks, judged against the click's beats; with
/// `durations`, note by note on how long each is held too.
public struct RhythmExercise: Sendable, Hashable, Codable {
    /// Beats per minute, 40…200.
    public var tempo: Int
    public var meter: Meter
    /// Bars in a pattern: 1 or 2.
    public var bars: Int
    /// What the patterns may hold (`RhythmLevel`).
    public var level: RhythmLevel
    /// The pitch: with an octave that key, a pitch class in the register; nil: one chosen for the session.
    public var root: RootNote?
    /// Only keys on the pitch shown count; otherwise any key plays.
    public var strict: Bool
    /// How far from its time an onset may be and still be on time, in milliseconds.
    public var toleranceMilliseconds: Int
    /// The count-in: clicks an octave above, or the pitch itself on every beat.
    public var countIn: CountIn
    /// Wrong play-backs before the rhythm is shown.
    public var triesBeforeReveal: Int
    /// Each note's length (note-off minus onset) is judged too, against its written length.
    public var durations: Bool
    /// When the play-back starts: when the student is ready, or on the click's grid.
    public var click: Click
    /// The scores its patterns are taken from (`--from`), a phrase of `bars` bars each; nil: each
    /// is drawn at the level.
    public var score: RhythmScore?

    public enum CountIn: String, NamedChoice {
        case clicks
        case tonic
    }

    /// How the play-back is timed.
    public enum Click: String, NamedChoice {
        /// The click stops after the count-in; the play-back starts when the student is ready and
        /// is judged from its own first onset.
        case free
        /// The click goes on at the tempo through the pattern, one bar more and the play-back,
        /// which starts on the next downbeat and is judged against the click's beats.
        case steady
    }

    public static let barsRange = 1...2

    /// The tempo, meter, level and tolerance, as `dictation --rhythm` takes them too.
    public var timing: RhythmTiming {
        get { RhythmTiming(tempo: tempo, meter: meter, level: level, toleranceMilliseconds: toleranceMilliseconds) }
        set { (tempo, meter, level, toleranceMilliseconds) = (newValue.tempo, newValue.meter, newValue.level, newValue.toleranceMilliseconds) }
    }

    public init(tempo: Int = 80, meter: Meter = .fourFour, bars: Int = 1, level: RhythmLevel = RhythmLevel(1)!, root: RootNote? = nil,
                strict: Bool = false, toleranceMilliseconds: Int = Int(RhythmJudge.defaultTolerance * 1000), countIn: CountIn = .clicks,
                triesBeforeReveal: Int = 3, click: Click = .free, durations: Bool = false, score: RhythmScore? = nil) {
        self.tempo = tempo
        self.meter = meter
        self.bars = bars
        self.level = level
        self.root = root
        self.strict = strict
        self.toleranceMilliseconds = toleranceMilliseconds
        self.countIn = countIn
        self.triesBeforeReveal = triesBeforeReveal
        self.click = click
        self.durations = durations
        self.score = score
    }
}

/// Its answer is drawn as the rhythm it asked.
extension RhythmExercise: DrawsRhythmAnswer {}

import MusicTheory

/// An exercise kind: its options are values of the type, and the type makes its questions.
///
/// A kind lives in one folder, `Sources/Training/Exercises/<Kind>/`, and is named once in
/// `ExerciseCatalog.standard`. What the daemon, the protocol, the statistics and the client know
/// of a kind comes through this protocol and `ExerciseQuestion`: none of them names a kind.
public protocol ExerciseModule: Codable, Hashable, Sendable, ExerciseClientText where QuestionDetails == Question.Details {
    /// What its questions show while open.
    associatedtype Question: ExerciseQuestion
    /// The kind's name on the wire, in the config file and on the command line.
    static var kind: ExerciseKind { get }
    /// The options a session takes when nothing else is said: the `[training.<kind>]` defaults.
    static var defaults: Self { get }
    /// The keyboard menu's pages for this kind after the kind is chosen, each setting one of its
    /// `session.start` params (the page's key) to a choice's value. Default: the root, played.
    static var menuPages: [MenuPage] { get }
    /// Options from `session.start` params (or the command line's), over `base` (the config's).
    static func options(from params: ExerciseParams, over base: Self) throws(ExerciseParams.Refusal) -> Self
    /// Options from the config file's `[training.<kind>]` section, over the defaults.
    static func options<Reader: ExerciseOptionsReader>(reading section: inout Reader) throws(Reader.Failure) -> Self

    /// How `eartrainctl start <kind>` spells its params.
    static var commandLine: ExerciseCommandLine { get }
    /// Whether its answers' cents are the offsets a staircase asked (`compare`), so the
    /// statistics estimate a threshold from them; false by default.
    static var findsThreshold: Bool { get }
    /// Whether its answers' cents are a tuned note's signed error (`match`), so the statistics
    /// give their mean absolute error; false by default.
    static var measuresTuningError: Bool { get }
    /// Whether its prompts sound on the steady tone with harmonics whatever the session's sound
    /// (`compare`, `pure`, `match`): what is judged in cents must not move within a note, as the
    /// cello's looped samples do (by up to 12 c over a held note), and a tempered interval's beats
    /// must be there to hear (a sine has no partials to beat); false by default.
    static var soundsSteady: Bool { get }
    /// Whether the tonic drone (`training.drone`) sounds under its questions: where a key is heard
    /// against its tonic (`degree`, `dictation`) or a pitch against a reference (the intonation
    /// kinds); false by default.
    static var takesDrone: Bool { get }

    /// Throws for options that cannot run (options decoded from outside input).
    func validate() throws(TrainingError)
    /// The exercise as a person reads it: `D dorian scale`.
    var summary: String { get }
    /// What `status` shows of the session beyond the fields every kind has (`mode`, `intervals`),
    /// as the kind's own type; a client decodes the same type to word it (`statusSummary`).
    var statusDetails: StatusDetails { get }
    /// The root `status` shows before a question is open (`D`, `random`).
    var statusRoot: String { get }
    /// What the statistics' session record says of these options.
    var sessionColumns: SessionColumns { get }

    /// The scores its questions are drawn from (`dictation --from`), which the engine has the
    /// daemon read when the session starts; nil by default: none.
    var scoreRequest: ScoreRequest? { get }
    /// Refuses a session whose scores give it nothing to ask (no phrase fits the note range in
    /// its own key); by default nothing.
    func check(_ melodies: [ScoreMelody], settings: TrainingSettings) throws(TrainingError)

    /// Opens the next question; `previous` is the question that came before in this session.
    func openQuestion(after previous: (any OpenQuestion)?, context: inout QuestionContext) -> any OpenQuestion
}

extension ExerciseModule {
    public static var menuPages: [MenuPage] { [.root] }

    /// No options of its own: `eartrainctl start <kind>` takes the shared ones.
    public static var commandLine: ExerciseCommandLine { ExerciseCommandLine(abstract: "A \(kind) session.") }

    public static var findsThreshold: Bool { false }

    public static var measuresTuningError: Bool { false }

    public static var soundsSteady: Bool { false }

    public static var takesDrone: Bool { false }

    public var scoreRequest: ScoreRequest? { nil }

    public func check(_ melodies: [ScoreMelody], settings: TrainingSettings) throws(TrainingError) {}

    /// `statusDetails` as the JSON object `status` carries.
    public var statusFields: [String: JSONValue] { .init(encoding: statusDetails) }
}

/// The statistics' session columns: a session's mode, root, intervals and direction, where a kind
/// has them. A kind fills only the columns its options are (a meter is not a mode, chord qualities
/// are not intervals): the statistics keep its whole options beside them as its own typed value,
/// JSON (`SessionStartRecord.options`).
public struct SessionColumns: Sendable, Hashable {
    /// The session's mode (a scale's, a dictation's).
    public var mode: String?
    /// The root the options give, if any.
    public var root: String?
    /// An interval session's set.
    public var intervals: [String]
    /// An interval session's direction.
    public var direction: IntervalDirection?

    /// The columns a kind fills; the others stay empty.
    public init(mode: String? = nil, root: String? = nil, intervals: [String] = [], direction: IntervalDirection? = nil) {
        self.mode = mode
        self.root = root
        self.intervals = intervals
        self.direction = direction
    }
}

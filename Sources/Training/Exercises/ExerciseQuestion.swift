import MusicTheory

/// A question as it is shown while it is open: what every layer may say of it before it is
/// answered. Nothing here may give the answer away; what answers it comes with the judgement
/// (`NoteJudgement.expected`) or the reveal.
public protocol ExerciseQuestion: Sendable, Hashable, Codable {
    /// The kind it belongs to.
    static var kind: ExerciseKind { get }
    /// A short name, what stdout lines begin with: `D dorian`, `M3`.
    var title: String { get }
    /// What is asked, after the title on stdout: `W-H-W-W-W-H-W  from D2`, `major third up from E2`.
    var ask: String { get }
    /// As the student reads it, in `status` and on the staff: `D dorian  W-H-W-W-W-H-W`.
    var text: String { get }
    /// What the voice says when the question is put ("D dorian, from D 3"); by default what is
    /// asked, read aloud (`SpokenText`). Like everything here, it must not name the answer.
    var spoken: String { get }
    /// The root `status` shows (`D2`, `E2`).
    var root: SpelledNote { get }
    /// The note the student's keys are tuned against while the question is open.
    var tuningRoot: MIDINote? { get }
    /// The event's `details.question` fields beyond `kind`, as the kind's own type.
    associatedtype Details: KindDetails
    /// What the prompt shows of it (`root`, `interval`), never the note that answers it.
    var details: Details { get }
    /// What `status` shows of this question beyond the fields every kind has (`mode`), over what
    /// its session shows (`ExerciseModule.StatusDetails`).
    associatedtype StatusDetails: KindDetails = NoDetails
    var statusDetails: StatusDetails { get }
    /// Notes the question asks for when it counts them (a scale's 8): `status` shows
    /// `progress`/`total` and stdout `2/8`. Nil for a question with one answer.
    var answerCount: Int? { get }
    /// True when a wrong try may name the expected note (a scale's next degree, which its mode,
    /// root and steps already show); false when the expected note is the answer itself.
    var showsExpectedWhileOpen: Bool { get }
    /// True when a wrong try's report may name what the answer is counted under (an interval
    /// drill's interval, which its question shows); false (the default, so that a new kind gives
    /// nothing away until it says so) when that is what is asked (an interval heard).
    var namesSubjectWhileOpen: Bool { get }
    /// The statistics columns every answer to it fills.
    var answerColumns: AnswerColumns { get }
    /// Whether the student's keys sound while it is open (by default they do); false where a
    /// key only confirms what something else answered (`match`: the wheel).
    var keysSound: Bool { get }
    /// Whether a note the listening input hears answers it (sung or bowed), as its nearest key
    /// would; false (the default) where the answer is no pitch to sing (a choice of keys, a chord).
    var answeredByVoice: Bool { get }
    /// True when its spoken words say only how to answer, the question being in its sound
    /// (`compare`'s "listen: A 3, then the same note. Higher or lower?"): the voice says them again
    /// only when they change. False (the default) where the words are the question.
    var spokenWordsInstructOnly: Bool { get }
    /// Where a wrong try is drawn on the staff, `drawn` notes being there: near the note expected,
    /// or (the default) where it was played, for a question whose expected note is the answer.
    func wrongTryPlace(_ played: MIDINote, drawn: Int) -> SpelledNote
}

extension ExerciseQuestion where StatusDetails == NoDetails {
    public var statusDetails: NoDetails { NoDetails() }
}

extension ExerciseQuestion {
    /// `details` as the JSON object the prompt carries.
    public var detailFields: [String: JSONValue] { .init(encoding: details) }
    /// `statusDetails` as the JSON object `status` merges in.
    public var statusFields: [String: JSONValue] { .init(encoding: statusDetails) }
    public var answerCount: Int? { nil }
    public var showsExpectedWhileOpen: Bool { false }
    public var namesSubjectWhileOpen: Bool { false }
    public var keysSound: Bool { true }

    /// Keys only, until a kind says a voice answers it.
    public var answeredByVoice: Bool { false }
    public var spokenWordsInstructOnly: Bool { false }
    public func wrongTryPlace(_ played: MIDINote, drawn: Int) -> SpelledNote { played.spelled }
}

/// The statistics' answer columns a question fills: its root, and its mode or interval.
public struct AnswerColumns: Sendable, Hashable {
    /// The question's root, as the statistics group it (`D`, `Eb`).
    public var root: String
    /// The question's mode (a scale's, a melody's; a degree's or a progression's key: `major`,
    /// `minor`). What else a kind's question is, the statistics keep as its own typed value
    /// (the question encoded, JSON: `AnswerRecord.question`).
    public var mode: String?
    /// An interval question's interval (`m3`).
    public var interval: String?

    /// The columns a question fills; the others stay empty.
    public init(root: String, mode: String? = nil, interval: String? = nil) {
        self.root = root
        self.mode = mode
        self.interval = interval
    }
}

extension ExerciseQuestion {
    func isEqual(to other: any ExerciseQuestion) -> Bool {
        (other as? Self) == self
    }
}

/// How a client words a kind's reports (`eartrainctl status`, `eartrainctl watch`), from nothing
/// but what the wire carries: `status`'s fields and the prompt's `details.question`, decoded into
/// the kind's own types (`KindDetails`).
public protocol ExerciseClientText {
    /// What `status` shows of a session of the kind (`ExerciseModule.statusDetails`).
    associatedtype StatusDetails: KindDetails
    /// What a prompt shows of its question (`ExerciseQuestion.details`).
    associatedtype QuestionDetails: KindDetails
    /// `status`'s session line: `scale dorian from D3`, `intervals m3 P5 descending from C3`.
    static func statusSummary(_ status: StatusDetails, root: String) -> String
    /// The watch screen's title from `status`: `D3 dorian scale`, `intervals m3 P5`.
    static func watchTitle(_ status: StatusDetails, root: String) -> String
    /// The open question from a prompt's `details.question`: `dorian from D3`, `major third up from C3`.
    static func watchQuestion(_ question: QuestionDetails) -> String
    /// The watch screen's detail beside the root, from the prompt's question or, before one
    /// arrives, `status`'s prompt: `steps W-H-W-W-W-H-W`, `interval M3`.
    static func watchDetail(_ question: QuestionDetails?, prompt: String?) -> String?
    /// Whether a question asks for several notes it counts (a scale's 8): the screen shows progress.
    static var countsNotes: Bool { get }
    /// Whether a wrong try may name the note expected (`ExerciseQuestion.showsExpectedWhileOpen`);
    /// the client holds to it even when a report names it.
    static var showsExpectedWhileOpen: Bool { get }
    /// What the kind draws of a judged answer (`note_judged`'s details) once its question is over;
    /// nil where it draws nothing beyond the staff, or the question is still open.
    static func answerFigure(judged details: JSONValue) -> AnswerFigure?
    /// What it draws of a revealed answer (`answer_revealed`'s details), with the question's last
    /// try judged (`playBack`, that `note_judged`'s details) where there was one.
    static func answerFigure(revealed details: JSONValue, playBack: JSONValue?) -> AnswerFigure?
}

extension ExerciseClientText {
    public static func watchDetail(_ question: QuestionDetails?, prompt: String?) -> String? { nil }
    public static var countsNotes: Bool { false }
    public static var showsExpectedWhileOpen: Bool { false }
    public static func answerFigure(judged details: JSONValue) -> AnswerFigure? { nil }
    public static func answerFigure(revealed details: JSONValue, playBack: JSONValue?) -> AnswerFigure? { nil }
}

/// A kind that shows nothing of its session beyond the common fields: `<kind> from <root>`.
extension ExerciseModule where StatusDetails == NoDetails {
    public var statusDetails: NoDetails { NoDetails() }
    public static func statusSummary(_ status: NoDetails, root: String) -> String { "\(kind) from \(root)" }
    public static func watchTitle(_ status: NoDetails, root: String) -> String { "\(kind)" }
}

/// A kind whose questions show nothing of their own.
extension ExerciseClientText where QuestionDetails == NoDetails {
    public static func watchQuestion(_ question: NoDetails) -> String { "" }
}

/// The same words from the fields as they came, for a client that knows the kind only by its name
/// (`ExerciseCatalog.module(named:)`): fields that do not decode as the kind's give the plainest words.
extension ExerciseModule {
    /// `statusSummary` of `status`'s fields; `<kind> from <root>` where they are not this kind's.
    public static func statusSummary(fields: [String: JSONValue], root: String) -> String {
        JSONValue.object(fields).decoded(as: StatusDetails.self).map { statusSummary($0, root: root) } ?? "\(kind) from \(root)"
    }

    /// `watchTitle` of `status`'s fields; the kind's name where they are not this kind's.
    public static func watchTitle(fields: [String: JSONValue], root: String) -> String {
        JSONValue.object(fields).decoded(as: StatusDetails.self).map { watchTitle($0, root: root) } ?? "\(kind)"
    }

    /// `watchQuestion` of a prompt's question; empty where it is not this kind's.
    public static func watchQuestion(fields: [String: JSONValue]) -> String {
        JSONValue.object(fields).decoded(as: QuestionDetails.self).map { watchQuestion($0) } ?? ""
    }

    /// `watchDetail` of a prompt's question, if any (nil where it is not this kind's).
    public static func watchDetail(fields: [String: JSONValue]?, prompt: String?) -> String? {
        watchDetail(fields.flatMap { JSONValue.object($0).decoded(as: QuestionDetails.self) }, prompt: prompt)
    }
}

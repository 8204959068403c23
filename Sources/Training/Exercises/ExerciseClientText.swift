/// How a client words a kind's reports (`eartrainctl status`, `eartrainctl watch`), from nothing
/// but what the wire carries: `status`'s fields and the prompt's `details.question`.
public protocol ExerciseClientText {
    /// `status`'s session line: `scale dorian from D3`, `intervals m3 P5 descending from C3`.
    static func statusSummary(fields: [String: JSONValue], root: String) -> String
    /// The watch screen's title from `status`: `D3 dorian scale`, `intervals m3 P5`.
    static func watchTitle(fields: [String: JSONValue], root: String) -> String
    /// The open question from a prompt's `details.question`: `dorian from D3`, `major third up from C3`.
    static func watchQuestion(_ question: [String: JSONValue]) -> String
    /// The watch screen's detail beside the root, from the prompt's question or, before one
    /// arrives, `status`'s prompt: `steps W-H-W-W-W-H-W`, `interval M3`.
    static func watchDetail(question: [String: JSONValue]?, prompt: String?) -> String?
    /// Whether a question asks for several notes it counts (a scale's 8): the screen shows progress.
    static var countsNotes: Bool { get }
    /// Whether a wrong try may name the note expected (`ExerciseQuestion.showsExpectedWhileOpen`);
    /// the client holds to it even when a report names it.
    static var showsExpectedWhileOpen: Bool { get }
}

extension ExerciseClientText where Self: ExerciseModule {
    public static func statusSummary(fields: [String: JSONValue], root: String) -> String { "\(kind) from \(root)" }
    public static func watchTitle(fields: [String: JSONValue], root: String) -> String { "\(kind)" }
    public static func watchQuestion(_ question: [String: JSONValue]) -> String {
        if case .string(let root)? = question["root"] { "from \(root)" } else { "" }
    }
    public static func watchDetail(question: [String: JSONValue]?, prompt: String?) -> String? { nil }
    public static var countsNotes: Bool { false }
    public static var showsExpectedWhileOpen: Bool { false }
}

extension [String: JSONValue] {
    /// A member as text, or nil.
    public func text(_ key: String) -> String? {
        if case .string(let text)? = self[key] { text } else { nil }
    }

    /// A member as a list of text, or nil.
    public func texts(_ key: String) -> [String]? {
        guard case .array(let values)? = self[key] else { return nil }
        return values.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }
}

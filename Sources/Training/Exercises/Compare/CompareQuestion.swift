import MusicTheory

/// A compare question as shown while it is open: the reference and, with intervals, the interval
/// above it; never the offset or its direction.
public struct CompareQuestion: Sendable, Hashable {
    /// The reference, spelled.
    public let root: SpelledNote
    public let rootNote: MIDINote
    /// The interval whose upper note is off; nil: the same note again.
    public let interval: SpelledInterval?
    /// The offset asked, in cents (positive): kept for the statistics' answer columns, never
    /// shown, encoded or hashed into what a client reads.
    let asked: Double

    /// Where the register of the question is counted: the reference's octave.
    public var register: Int { rootNote.octave }
}

extension CompareQuestion: Codable {
    private enum CodingKeys: String, CodingKey { case root, rootNote, interval }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        root = try container.decode(SpelledNote.self, forKey: .root)
        rootNote = try container.decode(MIDINote.self, forKey: .rootNote)
        interval = try container.decodeIfPresent(SpelledInterval.self, forKey: .interval)
        asked = 0
    }

    /// Without the offset: what is encoded is what may be read while the question is open.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(root, forKey: .root)
        try container.encode(rootNote, forKey: .rootNote)
        try container.encodeIfPresent(interval, forKey: .interval)
    }
}

extension CompareQuestion: ExerciseQuestion {
    public static var kind: ExerciseKind { CompareExercise.kind }
    public var title: String { "compare" }
    /// `after C4, the same note: higher or lower? (a key above C4: higher; below: lower)`.
    public var ask: String {
        let what = interval.map { "a \($0.name) above \(root)" } ?? "\(root), then the same note"
        return "\(what): higher or lower?  (a key above \(root): higher; below: lower; \(root) itself: no answer)"
    }
    public var text: String { "pitch compared: " + ask }
    public var spoken: String {
        let what = interval.map { "a \($0.name) above \(root.spoken)" } ?? "\(root.spoken), then the same note"
        return "listen: \(what). Higher or lower?"
    }
    /// The reference: an interval's upper note is tuned from it in the session's tuning.
    public var tuningRoot: MIDINote? { rootNote }
    /// The reference, its register and the interval: never the offset or its direction.
    public var details: [String: JSONValue] {
        var fields: [String: JSONValue] = ["root": .string(root.description), "register": .number(Double(register))]
        if let interval { fields["interval"] = .string(interval.description) }
        return fields
    }
    /// The register and the interval are shown: naming them gives nothing away.
    public var namesSubjectWhileOpen: Bool { true }
    public var answerColumns: AnswerColumns {
        AnswerColumns(root: root.name.description, interval: interval?.description)
    }

    public static func == (lhs: CompareQuestion, rhs: CompareQuestion) -> Bool {
        lhs.root == rhs.root && lhs.rootNote == rhs.rootNote && lhs.interval == rhs.interval
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(root)
        hasher.combine(rootNote)
        hasher.combine(interval)
    }
}

import MusicTheory

/// A compare question as shown while it is open: the reference and, with intervals, the interval
/// above it; never the offset or its direction.
public struct CompareQuestion: Sendable, Hashable, Codable {
    /// The reference, spelled.
    public let root: SpelledNote
    public let rootNote: MIDINote
    /// The interval whose upper note is off; nil: the same note again.
    public let interval: SpelledInterval?
    /// Where the register of the question is counted: the reference's octave.
    public var register: Int { rootNote.octave }
}

extension CompareQuestion: ExerciseQuestion {
    public static var kind: ExerciseKind { CompareExercise.kind }
    public var title: String { "compare" }
    /// `after C4, the same note: higher or lower? (a key above C4: higher; below: lower)`.
    public var ask: String {
        let what = interval.map { "\(SpokenText.withArticle($0.name)) above \(root)" } ?? "\(root), then the same note"
        return "\(what): higher or lower?  (a key above \(root): higher; below: lower; \(root) itself: no answer)"
    }
    public var text: String { "pitch compared: " + ask }
    /// The question is in the pair's sound; the words only say how to answer.
    public var spokenWordsInstructOnly: Bool { true }
    public var spoken: String {
        let what = interval.map { "\(SpokenText.withArticle($0.name)) above \(root.spoken)" } ?? "\(root.spoken), then the same note"
        return "listen: \(what). Higher or lower?"
    }
    /// The reference: an interval's upper note is tuned from it in the session's tuning.
    public var tuningRoot: MIDINote? { rootNote }
    /// The reference, its register and the interval: never the offset or its direction.
    public struct Details: KindDetails {
        public var root: String
        /// The reference's octave.
        public var register: Int
        /// `M3`; absent for the same note again.
        public var interval: String?
    }
    public var details: Details { Details(root: root.description, register: register, interval: interval?.description) }
    /// The register and the interval are shown: naming them gives nothing away.
    public var namesSubjectWhileOpen: Bool { true }
    public var answerColumns: AnswerColumns {
        AnswerColumns(root: root.name.description, interval: interval?.description)
    }

}

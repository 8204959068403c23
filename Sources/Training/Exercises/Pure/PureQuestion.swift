import MusicTheory

/// A pure question as shown while it is open: the root, what sounds on it and the tuning it is
/// heard against; never which version is pure.
public struct PureQuestion: Sendable, Hashable, Codable {
    /// The root, spelled.
    public let root: SpelledNote
    public let rootNote: MIDINote
    /// The interval or chord.
    public let item: PureItem
    /// Equal temperament or Pythagorean.
    public let against: TuningSystem
}

extension PureQuestion: ExerciseQuestion {
    public static var kind: ExerciseKind { PureExercise.kind }
    public var title: String { "pure" }
    /// `a major third on C4, twice: which is pure?  (C4 or a key below: the first; above: the second)`.
    public var ask: String {
        "\(SpokenText.withArticle(item.name)) on \(root), twice: which is pure?  (\(root) or a key below: the first; above: the second)"
    }
    public var text: String { "pure or \(against == .pythagorean ? "Pythagorean" : "tempered"): " + ask }
    /// The question is in the two versions' sound; the words only say how to answer.
    public var spokenWordsInstructOnly: Bool { true }
    public var spoken: String { "listen: \(SpokenText.withArticle(item.name)) on \(root.spoken), twice. Which is pure?" }
    /// The root: both versions are tuned from it.
    public var tuningRoot: MIDINote? { rootNote }
    /// The root, the item and the other tuning: never which comes first.
    public struct Details: KindDetails {
        public var root: String
        /// What is sounded, as the statistics label it (`M3`).
        public var item: String
        /// It in words: `major third`.
        public var name: String
        /// The tuning the pure one is heard against.
        public var against: String
    }
    public var details: Details { Details(root: root.description, item: item.subject.label, name: item.name, against: against.name) }
    /// The item is shown: naming it gives nothing away.
    public var namesSubjectWhileOpen: Bool { true }
    public var answerColumns: AnswerColumns {
        if case .interval(let interval) = item {
            return AnswerColumns(root: root.name.description, interval: interval.description)
        }
        return AnswerColumns(root: root.name.description)
    }
}

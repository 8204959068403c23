import MusicTheory

/// A match question as shown while it is open: the reference, the note to tune (and the
/// interval and tuning it is tuned to), never how far the held note starts off.
public struct MatchQuestion: Sendable, Hashable, Codable {
    /// The reference, spelled and sounding.
    public let root: SpelledNote
    public let rootNote: MIDINote
    /// The note tuned: the reference's own, or an interval's upper note.
    public let target: SpelledNote
    public let targetNote: MIDINote
    /// The interval tuned; nil for the same note.
    public let interval: SpelledInterval?
    /// The tuning the target is in; nil: the session's.
    public let tuning: TuningSystem?

    /// `M3 just`, `P5`, `unison`.
    var name: String {
        (interval.map(\.description) ?? "unison") + (tuning.map { " \($0.rawValue)" } ?? "")
    }
}

extension MatchQuestion: ExerciseQuestion {
    public static var kind: ExerciseKind { MatchExercise.kind }
    public var title: String { "match" }
    /// `tune C3 to the reference`, `tune E3, a just major third above C3`.
    public var ask: String {
        guard let interval else { return "tune \(target) to \(root) with the wheel, then any key" }
        return "tune \(target), \(SpokenText.withArticle((tuning.map { "\($0.rawValue) " } ?? "") + interval.name)) above \(root), with the wheel, then any key"
    }
    public var text: String { "match: " + ask }
    public var spoken: String {
        guard let interval else { return "listen: tune the note to \(root.spoken)" }
        return "listen: tune \(SpokenText.withArticle((tuning.map { "\($0.rawValue) " } ?? "") + interval.name)) above \(root.spoken)"
    }
    public var tuningRoot: MIDINote? { rootNote }
    /// A sung or bowed note answers it as its nearest key would.
    public var answeredByVoice: Bool { true }
    /// What is asked, shown: the reference, the note, the interval and tuning. Never the detuning.
    public struct Details: KindDetails {
        public var root: String
        /// The note the wheel tunes.
        public var target: String
        /// `M3`; absent for the same note.
        public var interval: String?
        /// The tuning the target is in; absent: the session's.
        public var tuning: String?
    }
    public var details: Details {
        Details(root: root.description, target: target.description, interval: interval?.description, tuning: tuning?.rawValue)
    }
    /// The note to tune is shown: the wheel, not the key, answers.
    public var namesSubjectWhileOpen: Bool { true }
    /// The key only confirms: it must not sound over the note being tuned.
    public var keysSound: Bool { false }
    public var showsExpectedWhileOpen: Bool { true }
    public var answerColumns: AnswerColumns { AnswerColumns(root: root.name.description, interval: interval?.description ?? "P1") }
}

extension AnswerSubject {
    /// What a match answer is counted under: the interval tuned (unison for the same note) and
    /// the tuning named, if any: `unison`, `M3 just`.
    static func match(_ interval: SpelledInterval?, tuning: TuningSystem?) -> AnswerSubject {
        let tunings = TuningSystem.allCases
        let label = (interval.map(\.description) ?? "unison") + (tuning.map { " \($0.rawValue)" } ?? "")
        return AnswerSubject(
            category: "interval", label: label, value: .string(label),
            order: [1, interval?.semitones ?? 0, interval?.number ?? 1, tuning.flatMap { tunings.firstIndex(of: $0) }.map { $0 + 1 } ?? 0],
            spoken: interval.map { SpokenText.withArticle($0.name) } ?? "the same note")
    }
}

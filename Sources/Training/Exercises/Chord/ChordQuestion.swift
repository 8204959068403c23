import MusicTheory

/// A chord question as shown while it is open: its root, never its quality.
public struct ChordQuestion: Sendable, Hashable, Codable {
    public let root: SpelledNote
    public let rootNote: MIDINote
}

extension ChordQuestion: ExerciseQuestion {
    public static var kind: ExerciseKind { ChordExercise.kind }
    public var title: String { "chord" }
    /// `on D3: play the chord you hear`.
    public var ask: String { "on \(root): play the chord you hear" }
    public var text: String { "chord heard " + ask }
    public var spoken: String { "listen: a chord on \(root.spoken)" }
    public var tuningRoot: MIDINote? { rootNote }
    /// The root the chord is built on; never its quality.
    public struct Details: KindDetails {
        public var root: String
    }
    public var details: Details { Details(root: root.description) }
    public var answerColumns: AnswerColumns { AnswerColumns(root: root.name.description) }
}

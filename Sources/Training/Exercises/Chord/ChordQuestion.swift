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
    public var details: [String: JSONValue] { ["root": .string(root.description)] }
    public var answerColumns: AnswerColumns { AnswerColumns(root: root.name.description) }
}

import MusicTheory

/// An ear-interval question as shown while it is open: the root and which note to play, never
/// the interval (that is what the student hears).
public struct EarIntervalQuestion: Sendable, Hashable, Codable {
    /// The sounded root, spelled.
    public let root: SpelledNote
    public let rootNote: MIDINote
    /// Up (the student plays the upper note) or down (the lower).
    public let direction: IntervalDirection
    /// Both notes sounded together.
    public let harmonic: Bool
}

extension EarIntervalQuestion: ExerciseQuestion {
    public static var kind: ExerciseKind { EarIntervalExercise.kind }
    /// `heard`: the stdout lines begin with it, where an interval drill names its interval.
    public var title: String { "heard" }
    /// `from C3: play the upper note`.
    public var ask: String { "from \(root): play the \(direction == .ascending ? "upper" : "lower") note" }
    public var text: String { "interval heard " + ask }
    public var spoken: String { "listen: from \(root.spoken), play the \(direction == .ascending ? "upper" : "lower") note" }
    public var tuningRoot: MIDINote? { rootNote }
    /// A sung or bowed note answers it as its nearest key would.
    public var answeredByVoice: Bool { true }
    /// The root, the direction and how it sounds: never the interval or the other note.
    public struct Details: KindDetails {
        public var root: String
        public var direction: IntervalDirection
        public var harmonic: Bool
    }
    public var details: Details { Details(root: root.description, direction: direction, harmonic: harmonic) }
    public var answerColumns: AnswerColumns { AnswerColumns(root: root.name.description) }

    /// Where it was played, moved as the root is drawn.
    public func wrongTryPlace(_ played: MIDINote, drawn: Int) -> SpelledNote {
        SpelledNote(played.spelled.name, octave: played.octave + Staff.drawable(root, root).0.octave - root.octave)
    }
}

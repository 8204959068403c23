import MusicTheory

/// The interval kind's question as it is shown: its interval named while it is open.
extension IntervalQuestion: ExerciseQuestion {
    public static var kind: ExerciseKind { IntervalExercise.kind }
    /// The interval is named in the question itself.
    public var namesSubjectWhileOpen: Bool { true }
    public var title: String { interval.description }
    public var ask: String { text }
    public var tuningRoot: MIDINote? { rootNote }
    /// A sung or bowed note answers it as its nearest key would.
    public var answeredByVoice: Bool { true }
    /// Its root and interval, never the note that answers it.
    public struct Details: KindDetails {
        public var root: String
        /// `M3`.
        public var interval: String
        /// `major third`.
        public var name: String
        public var direction: IntervalDirection
    }
    public var details: Details {
        Details(root: root.description, interval: interval.description, name: intervalName, direction: direction)
    }
    public var answerColumns: AnswerColumns { AnswerColumns(root: root.name.description, interval: interval.description) }

    /// In the octave it was played, moved as the root is drawn: placed near the answer, a try
    /// in the wrong octave would be drawn as the answer itself.
    public func wrongTryPlace(_ played: MIDINote, drawn: Int) -> SpelledNote {
        SpelledNote(played.spelled.name, octave: played.octave + self.drawn.root.octave - root.octave)
    }
}

import MusicTheory

/// A scale round as it is asked: mode, root and the step pattern.
public struct ScaleQuestion: Sendable {
    /// The scale, with its spelling.
    public let scale: Scale
    /// The root as placed on the staff (as low as possible, at or above E2).
    public let root: SpelledNote
    /// The mode's step pattern in whole and half steps, such as `W-W-H-W-W-W-H`.
    public let stepPattern: String
    /// The notes expected, in the order played (root to octave when ascending).
    public let expected: [ExpectedNote]
    /// The same notes as drawn on the staff.
    public let placed: [SpelledNote]
    /// Each expected note's degree, 1 (the root) … the octave's.
    public let degrees: [Int]
    /// Which way the round goes.
    public let direction: ScaleDirection

    /// A scale question; the scale module makes these.
    public init(scale: Scale, root: SpelledNote, expected: [ExpectedNote], placed: [SpelledNote]? = nil,
                degrees: [Int]? = nil, direction: ScaleDirection = .ascending) {
        self.scale = scale
        self.root = root
        self.stepPattern = scale.mode.stepPattern
        self.expected = expected
        self.placed = placed ?? Staff.placement(of: scale)
        self.degrees = degrees ?? Array(1...expected.count)
        self.direction = direction
    }

    /// The subject of the note expected at `index` of the round: its degree.
    public func degree(at index: Int) -> AnswerSubject { .degree(degrees[index]) }

    /// As the student reads it: "D dorian  W-H-W-W-W-H-W".
    public var text: String { "\(scale.root) \(scale.mode.name)  \(stepPattern)" }

    /// The scale a round asked for, up to the octave, from the round's root key.
    public static func modelAnswer(_ mode: Mode, from root: MIDINote) -> SoundPhrase {
        var keys = [root.rawValue]
        for step in mode.steps { keys.append(keys.last! + step.rawValue) }
        return SoundPhrase(keys.filter { $0 <= 127 }.map { MIDINote($0) })
    }
}

extension ScaleQuestion: Hashable, Codable {}

extension ScaleQuestion: ExerciseQuestion {
    public static var kind: ExerciseKind { ScaleExercise.kind }
    /// A wrong try may say which degree it missed: the pattern shows them all.
    public var namesSubjectWhileOpen: Bool { true }
    public var title: String { "\(scale.root) \(scale.mode.name)" }
    public var ask: String { "\(stepPattern)  from \(expected[0].spelled)\(direction.asked)" }
    public var spoken: String { "\(scale.root.spoken) \(scale.mode.name), from \(expected[0].spelled.spoken)\(direction.asked)" }
    public var tuningRoot: MIDINote? { try? root.midiNote() }
    /// A sung or bowed note answers it as its nearest key would.
    public var answeredByVoice: Bool { true }
    /// The mode, root, steps and the notes: playing them in order is the drill, not its answer.
    public struct Details: KindDetails {
        public var mode: String
        public var root: String
        /// The step pattern: `W-H-W-W-W-H-W`.
        public var steps: String
        public var notes: [String]
    }
    public var details: Details {
        Details(mode: scale.mode.name, root: root.description, steps: stepPattern, notes: expected.map(\.spelled.description))
    }
    /// The mode of the round open.
    public struct StatusDetails: KindDetails {
        public var mode: String
    }
    public var statusDetails: StatusDetails { StatusDetails(mode: scale.mode.name) }
    public var answerCount: Int? { expected.count }
    public var showsExpectedWhileOpen: Bool { true }
    public var answerColumns: AnswerColumns { AnswerColumns(root: scale.root.description, mode: scale.mode.name) }

    /// Beside the degree expected: the next one after the `drawn` notes played right.
    public func wrongTryPlace(_ played: MIDINote, drawn: Int) -> SpelledNote {
        placed[min(drawn, placed.count - 1)]
    }
}

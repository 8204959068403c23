import MusicTheory

/// A question put to the student: a scale round to play or an interval to find.
public struct Prompt: Sendable {
    /// The question itself.
    public enum Question: Sendable {
        /// Play this scale upward from its root to the octave.
        case scale(ScaleQuestion)
        /// Play the note this interval away from the sounded root.
        case interval(IntervalQuestion)
    }

    /// The round (scale) or question (interval) number, from 1.
    public let number: Int
    /// What is asked.
    public let question: Question
    /// The settings read for this prompt: how the audio should sound it.
    public let settings: TrainingSettings
    /// The notes the audio should sound for this prompt (an interval's root, a scale's root).
    public let sounds: [MIDINote]
    /// True when the student asked to hear the prompt again.
    public let isRepeat: Bool
    /// What the staff shows as the question opens.
    public let staff: Staff

    /// A prompt; the engine makes these.
    public init(number: Int, question: Question, settings: TrainingSettings, sounds: [MIDINote], isRepeat: Bool, staff: Staff) {
        self.number = number
        self.question = question
        self.settings = settings
        self.sounds = sounds
        self.isRepeat = isRepeat
        self.staff = staff
    }
}

/// A scale round as it is asked: mode, root and the step pattern.
public struct ScaleQuestion: Sendable {
    /// The scale, with its spelling.
    public let scale: Scale
    /// The root as placed on the staff (as low as possible, at or above E2).
    public let root: SpelledNote
    /// The mode's step pattern in whole and half steps, such as `W-W-H-W-W-W-H`.
    public let stepPattern: String
    /// The eight notes expected, root to octave.
    public let expected: [ExpectedNote]

    /// A scale question; the engine makes these.
    public init(scale: Scale, root: SpelledNote, expected: [ExpectedNote]) {
        self.scale = scale
        self.root = root
        self.stepPattern = scale.mode.stepPattern
        self.expected = expected
    }

    /// As the student reads it: "D dorian  W-H-W-W-W-H-W".
    public var text: String { "\(scale.root) \(scale.mode.name)  \(stepPattern)" }
}

/// An interval question as it is asked: the sounded root and the interval's name.
public struct IntervalQuestion: Sendable {
    /// The sounded root, spelled.
    public let root: SpelledNote
    /// The sounded root's MIDI note.
    public let rootNote: MIDINote
    /// The interval asked for.
    public let interval: SpelledInterval
    /// Up or down from the root.
    public let direction: IntervalDirection
    /// The note that answers it.
    public let answer: ExpectedNote

    /// An interval question; the engine makes these.
    public init(root: SpelledNote, rootNote: MIDINote, interval: SpelledInterval, direction: IntervalDirection, answer: ExpectedNote) {
        self.root = root
        self.rootNote = rootNote
        self.interval = interval
        self.direction = direction
        self.answer = answer
    }

    /// The interval's name as the student reads it; the tritone is asked as "A4/d5".
    public var intervalName: String {
        interval.semitones == 6 && !interval.isCompound ? "augmented fourth / diminished fifth" : interval.name
    }

    /// As the student reads it: "major third up from E2".
    public var text: String {
        "\(intervalName) \(direction == .ascending ? "up" : "down") from \(root)"
    }
}

extension Prompt.Question: Hashable, Codable {}

extension Prompt: Hashable, Codable {}

extension ScaleQuestion: Hashable, Codable {}

extension IntervalQuestion: Hashable, Codable {}

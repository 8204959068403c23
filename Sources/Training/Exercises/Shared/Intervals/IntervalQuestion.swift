import MusicTheory

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

    /// An interval question; the interval drill makes these.
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

    /// The root and the answer as drawn on the staff.
    var drawn: (root: SpelledNote, answer: SpelledNote) { Staff.drawable(root, answer.spelled) }
}

extension IntervalQuestion: Hashable, Codable {}

extension AnswerSubject {
    /// An interval: an interval drill's, a compare's or a pure's.
    public static func interval(_ interval: SpelledInterval) -> AnswerSubject {
        AnswerSubject(
            category: "interval", label: interval.description, value: .string(interval.description),
            order: [1, interval.semitones, interval.number], spoken: SpokenText.withArticle(interval.name))
    }
}

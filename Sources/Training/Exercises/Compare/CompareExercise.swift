import MusicTheory

/// A pitch-discrimination exercise (intonation): a reference note sounds, then the same note (or
/// an interval's upper note) a few cents sharp or flat; the student answers higher (any key above
/// the reference) or lower (any key below). The offsets come from one 2-down 1-up staircase per
/// register (or per interval), carried from question to question, so the session finds the
/// student's threshold in cents (docs/exercises.md).
public struct CompareExercise: Sendable, Hashable, Codable {
    /// The reference; nil: a random one within the note range.
    public var root: RootNote?
    /// The intervals whose upper note is compared; empty: the same note again.
    public var intervals: [SpelledInterval]
    /// Where each staircase starts, in cents.
    public var startCents: Double
    /// Registers (or intervals) missed come up more often.
    public var adaptive: Bool

    /// The staircases' floor and cap, in cents.
    public static let centsRange = 0.1...100.0

    public init(root: RootNote? = nil, intervals: [SpelledInterval] = [], startCents: Double = 25, adaptive: Bool = true) {
        self.root = root
        self.intervals = intervals
        self.startCents = startCents
        self.adaptive = adaptive
    }
}

extension AnswerSubject {
    /// A register: the octave a reference lies in (`octave 4`: C4 to B4).
    public static func register(_ octave: Int) -> AnswerSubject {
        AnswerSubject(category: "register", label: "octave \(octave)", value: .number(Double(octave)), order: [3, octave])
    }
}

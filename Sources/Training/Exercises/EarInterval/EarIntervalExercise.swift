import MusicTheory

/// An ear-interval exercise: the root is shown and sounded, then the interval is heard (up, down,
/// or both notes together); the student plays the other note. Its name is never shown while the
/// question is open. The intervals, root, direction, tries and adaptive choice are the interval
/// drill's (`IntervalDrill`, as the interval kind's); what differs is what is heard and shown.
public struct EarIntervalExercise: Sendable, Hashable, Codable {
    /// The intervals, root, direction, matching, tries, adaptive choice and echo.
    public var interval: IntervalDrill
    /// Both notes sound together (harmonic) instead of one after the other (melodic).
    public var harmonic: Bool

    /// By default the exact octave is asked for: the note heard is the note to play.
    public init(interval: IntervalDrill = IntervalDrill(matching: .exactOctave), harmonic: Bool = false) {
        self.interval = interval
        self.harmonic = harmonic
    }
}

extension EarIntervalExercise: DeclaresOptions {
    public typealias Question = EarIntervalQuestion

    /// `ear-interval`.
    public static let kind = ExerciseKind(declaring: "ear-interval")

    public static var defaults: EarIntervalExercise { EarIntervalExercise() }

    public func validate() throws(TrainingError) { try interval.validate() }

    /// `heard intervals m3 P5 ascending from random roots`.
    public var summary: String { "heard " + interval.summary + (harmonic ? ", together" : "") }

    /// The set asked (not the one open now), the direction and whether together.
    public struct StatusDetails: KindDetails {
        public var intervals: [String]
        public var direction: IntervalDirection
        public var harmonic: Bool
        /// The interval drill's fields, which an ear-interval session words the same way.
        var asked: IntervalDrill.StatusDetails { IntervalDrill.StatusDetails(intervals: intervals, direction: direction) }
    }
    public var statusDetails: StatusDetails {
        StatusDetails(intervals: interval.statusDetails.intervals, direction: interval.direction, harmonic: harmonic)
    }
    public var statusRoot: String { interval.statusRoot }
    public var sessionColumns: SessionColumns { interval.sessionColumns }

    public func openQuestion(after previous: (any OpenQuestion)?, context: inout QuestionContext) -> any OpenQuestion {
        let inner = interval.openQuestion(after: (previous as? OpenEarIntervalQuestion)?.inner, context: &context)
        return OpenEarIntervalQuestion(inner: inner as! OpenIntervalQuestion, harmonic: harmonic)
    }
}

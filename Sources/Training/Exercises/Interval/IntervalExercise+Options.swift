import MusicTheory

extension IntervalExercise {
    /// Accepted tries before an answer is revealed, in the config file.
    public static let configTriesRange = 1...10
    /// Accepted tries before an answer is revealed, in `session.start`.
    public static let requestTriesRange = 1...20

    /// `session.start`'s `root` (or `random`), `intervals`, `extended`, `direction`, `strict`,
    /// `tries`, `adaptive` and `echo_answer`.
    public static func options(from params: ExerciseParams, over base: IntervalExercise) throws(ExerciseParams.Refusal) -> IntervalExercise {
        var root = base.root
        if let text = try params.string("root") {
            root = text == "random" ? nil : try ExerciseParams.theory { () throws(TheoryError) in try RootNote(parsing: text) }
        }
        var intervals = base.intervals
        if let names = try params.strings("intervals") {
            guard !names.isEmpty else { throw ExerciseParams.Refusal("intervals must name at least one interval") }
            intervals = []
            for name in names {
                intervals.append(try ExerciseParams.theory { () throws(TheoryError) in try SpelledInterval(parsing: name) })
            }
        }
        // `extended` adds the compound intervals to the set, given or default, as
        // `eartrainctl start interval --extended` says; it used to replace a given set.
        if try params.bool("extended") == true {
            intervals += extensionIntervals.filter { !intervals.contains($0) }
        }
        let direction = try params.choice("direction", IntervalDirection.self) ?? base.direction
        let tries = try params.int("tries") ?? base.triesBeforeReveal
        guard requestTriesRange.contains(tries) else { throw ExerciseParams.Refusal("tries must be 1-20, got \(tries)") }
        return IntervalExercise(
            root: root, intervals: intervals, direction: direction,
            matching: try params.bool("strict").map { $0 ? .exactOctave : .pitchClass } ?? base.matching,
            triesBeforeReveal: tries, adaptive: try params.bool("adaptive") ?? base.adaptive,
            echoAnswer: try params.bool("echo_answer") ?? base.echoAnswer)
    }

    /// `[training.interval]`; `root = "random"` draws a root within the note range each question.
    public static func options<Reader: ExerciseOptionsReader>(reading reader: inout Reader) throws(Reader.Failure) -> IntervalExercise {
        try options(reading: &reader, over: defaults)
    }

    /// The same keys over other defaults (an ear-interval section, whose matching is the exact octave).
    static func options<Reader: ExerciseOptionsReader>(reading reader: inout Reader, over d: IntervalExercise) throws(Reader.Failure) -> IntervalExercise {
        let root: RootNote? = try reader.parsed("root", d.root) { text in
            text == "random" ? nil : try RootNote(parsing: text)
        }
        return IntervalExercise(
            root: root,
            intervals: try reader.array("intervals", d.intervals, allowEmpty: false) { try SpelledInterval(parsing: $0) },
            direction: try reader.parsed("direction", d.direction, IntervalDirection.init(choosing:)),
            matching: try reader.parsed("matching", d.matching) { text in
                let matching = try AnswerMatching(choosing: text)
                guard matching != .inDirection else { throw IntervalMatchingRefusal() }
                return matching
            },
            triesBeforeReveal: try reader.int("tries_before_reveal", d.triesBeforeReveal, in: configTriesRange),
            adaptive: try reader.bool("adaptive", d.adaptive),
            echoAnswer: try reader.bool("echo_answer", d.echoAnswer)
        )
    }
}

/// `in-direction` is how a scale round is judged; an interval's answer is one note.
struct IntervalMatchingRefusal: Error, CustomStringConvertible {
    var description: String { "'in-direction' is for scales: an interval takes 'pitch-class' or 'exact-octave'" }
}

import MusicTheory

extension RhythmExercise: DeclaresOptions {
    public typealias Question = RhythmQuestion

    /// `rhythm`.
    public static let kind = ExerciseKind(declaring: "rhythm")

    public static var defaults: RhythmExercise { RhythmExercise() }

    public func validate() throws(TrainingError) {
        try timing.validate()
        guard Self.barsRange.contains(bars) else { throw TrainingError("a rhythm is 1 or 2 bars, not \(bars)") }
    }

    /// `rhythm 4/4 at 80 BPM, eighths, on C3`; `rhythms of 1 bar from minuet.mxl at 80 BPM`.
    public var summary: String {
        if let score = scoreRequest { return scoreSummary(score.paths) + (root.map { " on \($0)" } ?? "") }
        return "rhythm \(meter.rawValue) at \(tempo) BPM, \(bars == 1 ? "1 bar" : "\(bars) bars"), level \(level.number) (\(level.name))"
            + (root.map { " on \($0)" } ?? "") + (click == .steady ? ", steady click" : "") + (durations ? ", lengths judged" : "")
    }

    /// The timing, the bars, and `durations` (present only when lengths are judged).
    public struct StatusDetails: KindDetails {
        public var tempo: Int
        public var meter: Meter
        public var level: Int
        public var bars: Int
        public var durations: Bool?
        /// From scores: where the rhythms come from (`rhythms of 1 bar from minuet.mxl at 80 BPM`).
        public var scores: String?
    }
    public var statusDetails: StatusDetails {
        StatusDetails(tempo: tempo, meter: meter, level: level.number, bars: bars, durations: durations ? true : nil,
                      scores: scoreRequest.map { scoreSummary($0.paths) })
    }
    public var statusRoot: String { root?.description ?? "random" }
    public var sessionColumns: SessionColumns { SessionColumns(root: root?.description) }

    public func openQuestion(after previous: (any OpenQuestion)?, context: inout QuestionContext) -> any OpenQuestion {
        // From scores, a phrase's rhythm in its own meter; else one drawn at the level.
        let fromScore = scoreRequest != nil && !context.melodies.isEmpty
        let scored = fromScore ? scorePattern(after: previous as? OpenRhythmQuestion, context: &context) : nil
        let pattern = scored?.pattern ?? RhythmPattern.draw(meter: meter, bars: bars, level: level, random: &context.random)
        // One pitch for the session: the one before, else the root given, else one in the register.
        let rootKey = (previous as? OpenRhythmQuestion)?.shown.rootNote
            ?? RootRegister.rootKey(root: root, span: 0, previous: nil, range: context.settings.noteRange, random: &context.random)
        let name = root?.spelling ?? rootKey.spelled.name
        context.asked(.rhythm(pattern.meter, level))
        return OpenRhythmQuestion(
            shown: RhythmQuestion(root: SpelledNote(name, octave: rootKey.octave), rootNote: rootKey, tempo: tempo, meter: pattern.meter,
                                  bars: pattern.bars, strict: strict),
            pattern: pattern,
            judge: RhythmJudge(pattern: pattern, tempo: tempo, tolerance: Double(toleranceMilliseconds) / 1000),
            exercise: self, promptTime: context.time, source: scored?.source)
    }
}

import MusicTheory

extension MatchExercise: DeclaresOptions {
    public typealias Question = MatchQuestion

    /// `match`.
    public static let kind = ExerciseKind(declaring: "match")

    /// Its answers' cents are the error left after tuning.
    public static var measuresTuningError: Bool { true }
    public static var soundsSteady: Bool { true }

    public static var takesDrone: Bool { true }

    public static var defaults: MatchExercise { MatchExercise() }

    /// `root`, `intervals` (empty or absent: the same note), `tunings`, `detune`, `tolerance`, `adaptive`.
    public func validate() throws(TrainingError) {
        guard Self.detuneRange.contains(detune) else { throw .matchRange("detune", detune, Self.detuneRange) }
        guard Self.toleranceRange.contains(tolerance) else { throw .matchRange("tolerance", tolerance, Self.toleranceRange) }
        for interval in intervals where interval.semitones < 0 || interval.semitones > 24 {
            throw TrainingError("a match exercise tunes intervals up to two octaves above the reference, not \(interval)")
        }
    }

    /// `match the same note within 5 c from random roots`, `match M3 P5 (just, equal) within 5 c from C3`.
    public var summary: String {
        let what = intervals.isEmpty ? "the same note" : intervals.map(\.description).joined(separator: " ")
        let tuned = tunings.isEmpty ? "" : " (\(tunings.map(\.rawValue).joined(separator: ", ")))"
        return "match \(what)\(tuned) within \(tolerance) c from \(root.map { "\($0)" } ?? "random roots")"
    }

    /// The intervals and tunings asked, the cents counted right, and the farthest start.
    public struct StatusDetails: KindDetails {
        public var intervals: [String]
        public var tunings: [String]
        public var tolerance: Int
        public var detune: Int
    }
    public var statusDetails: StatusDetails {
        StatusDetails(intervals: intervals.map(\.description), tunings: tunings.map(\.rawValue), tolerance: tolerance, detune: detune)
    }
    public var statusRoot: String { root?.description ?? "random" }
    public var sessionColumns: SessionColumns { SessionColumns(root: root?.description, intervals: intervals.map(\.description)) }

    public func openQuestion(after previous: (any OpenQuestion)?, context: inout QuestionContext) -> any OpenQuestion {
        let choices: [(SpelledInterval?, TuningSystem?)] = (intervals.isEmpty ? [nil] : intervals.map(Optional.some)).flatMap { interval in
            (tunings.isEmpty ? [nil] : tunings.map(Optional.some)).map { (interval, $0) }
        }
        let subjects = choices.map { AnswerSubject.match($0.0, tuning: $0.1) }
        let index = adaptive ? subjects.firstIndex(of: context.chooseAdaptively(from: subjects))! : Int.random(in: 0..<choices.count, using: &context.random)
        let (interval, tuning) = choices[index]
        context.asked(subjects[index])
        let root = chooseRoot(above: interval?.semitones ?? 0, context: &context)
        let target = interval.flatMap { try? root.transposed(by: $0) } ?? root
        // At least a fifth of the most either way: a note already in tune asks nothing.
        let size = Double(Int.random(in: max(1, detune * 2)...(detune * 10), using: &context.random)) / 10
        let sign: Double = Bool.random(using: &context.random) ? 1 : -1
        var question = OpenMatchQuestion(
            shown: MatchQuestion(root: root, rootNote: MIDINote(root.midiNumber), target: target, targetNote: MIDINote(target.midiNumber),
                                 interval: interval, tuning: tuning),
            detune: sign * size, exercise: self)
        question.heldTime = context.time + Self.beforeTheHeldNote(previous as? OpenMatchQuestion, settings: context.settings)
        return question
    }

    /// How long after the question opens its held note starts: the last answer's echo, the
    /// breath, then the reference (what only the sound edge knows, the voice, is not counted).
    private static func beforeTheHeldNote(_ previous: OpenMatchQuestion?, settings: TrainingSettings) -> Duration {
        let reference = (settings.noteDuration + settings.promptGap)
        guard previous != nil else { return reference }
        return reference * 2 + settings.breath + reference
    }

    /// The reference: the given root (in its octave when it names one, else the lowest that fits
    /// with its target in the note range), or a random key whose target (`semitones` above) fits.
    private func chooseRoot(above semitones: Int, context: inout QuestionContext) -> SpelledNote {
        let range = context.settings.noteRange
        let numbers = range.lowerBound.rawValue...range.upperBound.rawValue
        let fits = { (key: Int) in numbers.contains(key) && numbers.contains(key + semitones) }
        guard let root else {
            let key = numbers.filter(fits).randomElement(using: &context.random) ?? range.lowerBound.rawValue
            return MIDINote(min(127 - semitones, key)).spelled
        }
        var key = root.midiNote?.rawValue
            ?? numbers.first { $0 % 12 == root.pitchClass.rawValue && fits($0) }
            ?? numbers.first { $0 % 12 == root.pitchClass.rawValue } ?? range.lowerBound.rawValue
        while key + semitones > 127 { key -= 12 }
        return SpelledNote(MIDINote(key), spelled: root.spelling)
    }
}

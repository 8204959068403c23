import MusicTheory

extension CompareExercise: DeclaresOptions {
    public typealias Question = CompareQuestion

    /// `compare`.
    public static let kind = ExerciseKind(declaring: "compare")

    public static var defaults: CompareExercise { CompareExercise() }

    /// Its answers' cents are the staircase's offsets: the statistics estimate the threshold.
    public static var findsThreshold: Bool { true }
    public static var soundsSteady: Bool { true }

    public static var takesDrone: Bool { true }

    public func validate() throws(TrainingError) {
        guard Self.centsRange.contains(startCents) else { throw TrainingError("a compare session starts at 0.1-100 cents, not \(startCents)") }
        for interval in intervals where interval.semitones <= 0 || interval.semitones > 24 {
            throw TrainingError("compare takes intervals up to two octaves, not \(interval)")
        }
    }

    /// `compare the same note from random references`, `compare P5 M3 from C4`.
    public var summary: String {
        let what = intervals.isEmpty ? "the same note" : intervals.map(\.description).joined(separator: " ")
        return "compare \(what) from \(root.map { "\($0)" } ?? "random references")"
    }

    /// The intervals compared; none: the same note.
    public struct StatusDetails: KindDetails {
        public var intervals: [String]
    }
    public var statusDetails: StatusDetails { StatusDetails(intervals: intervals.map(\.description)) }
    public var statusRoot: String { root?.description ?? "random" }
    public var sessionColumns: SessionColumns { SessionColumns(root: root?.description, intervals: intervals.map(\.description)) }

    public func openQuestion(after previous: (any OpenQuestion)?, context: inout QuestionContext) -> any OpenQuestion {
        let staircases = (previous as? OpenCompareQuestion)?.staircases ?? SubjectStaircases(start: startCents, range: Self.centsRange)
        let places = references(in: context.settings.noteRange)
        let subjects = intervals.isEmpty ? Array(Set(places.map(\.octave))).sorted().map(AnswerSubject.register) : intervals.map(AnswerSubject.interval)
        let subject = adaptive ? context.chooseAdaptively(from: subjects) : subjects.randomElement(using: &context.random)!
        let interval = intervals.first { AnswerSubject.interval($0) == subject }
        let top = interval?.semitones ?? 0
        let range = context.settings.noteRange
        let fitting = places.filter { key in
            (interval != nil || AnswerSubject.register(key.octave) == subject) && key.rawValue + top < range.upperBound.rawValue
        }
        let key = fitting.randomElement(using: &context.random) ?? places.first ?? range.lowerBound
        let spelled = SpelledNote(key, spelled: root?.spelling)
        context.asked(subject)
        let shown = CompareQuestion(root: spelled, rootNote: key, interval: interval)
        var question = OpenCompareQuestion(shown: shown, asked: staircases[subject].difference, sharp: Bool.random(using: &context.random), subject: subject, staircases: staircases)
        question.noteTime = context.time + question.sounds.dropLast().soundingTime(context.settings)
        return question
    }

    /// The keys a reference may be: the given one, or every key of its pitch class (or every key)
    /// in the note range but its ends, so that a key below it and one above answer (the keys
    /// beyond the range are controls on a large keyboard).
    private func references(in range: ClosedRange<MIDINote>) -> [MIDINote] {
        if let exact = root?.midiNote { return [exact] }
        let low = range.lowerBound.rawValue + 1, high = max(low, range.upperBound.rawValue - 1)
        let keys = (low...high).map { MIDINote($0) }
        return root.map { given in keys.filter { $0.pitchClass == given.pitchClass } } ?? keys
    }
}

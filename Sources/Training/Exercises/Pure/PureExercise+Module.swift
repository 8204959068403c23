import MusicTheory

extension PureExercise: DeclaresOptions {
    public typealias Question = PureQuestion

    /// `pure`.
    public static let kind = ExerciseKind(declaring: "pure")

    public static var defaults: PureExercise { PureExercise() }
    public static var soundsSteady: Bool { true }

    public static var takesDrone: Bool { true }

    /// Pure against pure is no question; Pythagorean fifths, fourths, seconds and sevenths are pure.
    public func validate() throws(TrainingError) {
        guard Self.levels.contains(level) else { throw TrainingError("a pure level is 1-3, not \(level)") }
        guard against != .justIntonation else { throw TrainingError("pure is heard against equal or pythagorean, not just") }
        guard !items.isEmpty else {
            throw TrainingError("level \(level) against \(against) asks nothing: its intervals are pure in \(against.displayName) too; take level 1")
        }
    }

    /// `pure against equal, level 1 from random roots`.
    public var summary: String {
        "pure against \(against.name), level \(level) from \(root.map { "\($0)" } ?? "random roots")"
    }

    /// The level, the tuning heard against, and what the level sounds.
    public struct StatusDetails: KindDetails {
        public var level: Int
        public var against: String
        public var items: [String]
    }
    public var statusDetails: StatusDetails { StatusDetails(level: level, against: against.name, items: items.map(\.subject.label)) }
    public var statusRoot: String { root?.description ?? "random" }
    public var sessionColumns: SessionColumns { SessionColumns(root: root?.description) }

    public func openQuestion(after previous: (any OpenQuestion)?, context: inout QuestionContext) -> any OpenQuestion {
        let asked = items
        let subjects = asked.map(\.subject)
        let subject = adaptive ? context.chooseAdaptively(from: subjects) : subjects.randomElement(using: &context.random)!
        let item = asked[subjects.firstIndex(of: subject)!]
        let range = context.settings.noteRange
        let top = item.intervals.map(\.semitones).max() ?? 0
        let keys = (range.lowerBound.rawValue...max(range.lowerBound.rawValue, range.upperBound.rawValue - top)).map { MIDINote($0) }
        let candidates = root.map { given in given.midiNote.map { [$0] } ?? keys.filter { $0.pitchClass == given.pitchClass } } ?? keys
        let key = candidates.randomElement(using: &context.random) ?? range.lowerBound
        context.asked(subject)
        let shown = PureQuestion(root: SpelledNote(key, spelled: root?.spelling), rootNote: key, item: item, against: against)
        var question = OpenPureQuestion(shown: shown, pureFirst: Bool.random(using: &context.random))
        question.noteTime = context.time + question.sounds.dropLast().soundingTime(context.settings)
        return question
    }
}

import MusicTheory

extension ChordExercise: DeclaresOptions {
    public typealias Question = ChordQuestion

    /// `chord`.
    public static let kind = ExerciseKind(declaring: "chord")

    public static var defaults: ChordExercise { ChordExercise() }

    public func validate() throws(TrainingError) {
        guard !qualities.isEmpty else { throw TrainingError("a chord exercise needs at least one chord quality") }
    }

    /// `chords major minor from random roots`.
    public var summary: String {
        "chords \(qualities.map(\.rawValue).joined(separator: " ")) from \(root.map { "\($0)" } ?? "random roots")"
    }

    /// The qualities asked.
    public struct StatusDetails: KindDetails {
        public var qualities: [String]
    }
    public var statusDetails: StatusDetails { StatusDetails(qualities: qualities.map(\.rawValue)) }
    public var statusRoot: String { root?.description ?? "random" }
    public var sessionColumns: SessionColumns { SessionColumns(root: root?.description) }

    public func openQuestion(after previous: (any OpenQuestion)?, context: inout QuestionContext) -> any OpenQuestion {
        let quality = context.choose(qualities, adaptive: adaptive, subject: AnswerSubject.chord)
        let rootKey = RootRegister.rootKey(root: root, span: quality.semitones.last ?? 0, previous: (previous as? OpenChordQuestion)?.shown.rootNote,
                                           range: context.settings.noteRange, random: &context.random)
        let rootName = root?.spelling ?? rootKey.spelled.name
        let chord = Chord(root: rootName, quality: quality)
        context.asked(.chord(quality))
        var question = OpenChordQuestion(
            shown: ChordQuestion(root: SpelledNote(rootName, octave: rootKey.octave), rootNote: rootKey),
            chord: chord, voicing: chord.midiNotes(rootNote: rootKey), exercise: self, promptTime: context.time,
            pitchClassCount: Set(quality.semitones.map { $0 % 12 }).count)
        // The last answer's keys are still down: one pressed in its window (a doubled tone
        // pressed last) is one of it, not this question's answer.
        if let before = previous as? OpenChordQuestion { question.group = before.group }
        return question
    }
}

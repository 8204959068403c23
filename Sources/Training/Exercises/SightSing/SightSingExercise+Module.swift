import MusicTheory

extension SightSingExercise: DeclaresOptions {
    public typealias Question = SightSingQuestion

    /// `sight-sing`.
    public static let kind = ExerciseKind(declaring: "sight-sing")

    /// The tonic under the melody helps a singer keep the key.
    public static var takesDrone: Bool { true }

    public static var defaults: SightSingExercise { SightSingExercise() }

    public func validate() throws(TrainingError) {
        guard Self.lengths.contains(length) else { throw TrainingError("a melody has 3-8 notes, not \(length)") }
        guard mode != .chromatic else { throw TrainingError("a melody is made in a key: the chromatic scale has none") }
    }

    /// `melodies of 4 notes in ionian from random tonics, sung from the staff`.
    public var summary: String {
        "melodies of \(length) notes in \(mode.name) from \(root.map { "\($0)" } ?? "random tonics"), sung from the staff"
    }

    /// The length and mode.
    public struct StatusDetails: KindDetails {
        public var length: Int
        public var mode: String
    }
    public var statusDetails: StatusDetails { StatusDetails(length: length, mode: mode.name) }
    public var statusRoot: String { root?.description ?? "random" }
    public var sessionColumns: SessionColumns { SessionColumns(mode: mode.name, root: root?.description) }

    public func openQuestion(after previous: (any OpenQuestion)?, context: inout QuestionContext) -> any OpenQuestion {
        let range = context.settings.noteRange
        let before = previous as? OpenSightSing
        let sameKey = before.map { $0.inKey < Self.melodiesPerKey } ?? false
        let key = sameKey ? before!.attempt.key : MelodyKey.choose(mode: mode, root: root, range: range, random: &context.random)
        let inKey = sameKey ? before!.inKey + 1 : 1
        let melody = Melody.make(length: length, in: key, range: range, tritones: tritones, random: &context.random)
        for degree in melody.degrees { context.asked(.degree(degree)) }
        let notes = zip(melody.spelled, melody.keys).map { ExpectedNote(spelled: $0, midiNote: $1, exactOctaveRequired: exactOctave) }
        let shown = SightSingQuestion(mode: key.mode, notes: melody.spelled, tonic: key.tonic, tonicKey: key.tonicKey, inKey: inKey)
        // A new key's cadence (or, for a mode without one, its tonic); the tonic before the others.
        let keySounds = key.context(range: range)
        let sounds = inKey == 1 ? keySounds : [SoundPhrase([key.tonicKey])]
        return OpenSightSing(shown: shown, exercise: self, inKey: inKey, sounds: sounds, keySounds: keySounds,
                             promptTime: context.time + sounds.soundingTime(context.settings),
                             attempt: MelodyAttempt(notes: notes, degrees: melody.degrees, key: key))
    }
}

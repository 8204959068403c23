import MusicTheory

extension DictationExercise: DeclaresOptions {
    public typealias Question = DictationQuestion

    /// `dictation`.
    public static let kind = ExerciseKind(declaring: "dictation")

    public static var takesDrone: Bool { true }

    public static var defaults: DictationExercise { DictationExercise() }

    public func validate() throws(TrainingError) {
        guard Self.lengths.contains(length) else { throw TrainingError("a melody has 3-8 notes, not \(length)") }
        guard mode != .chromatic else { throw TrainingError("a melody is made in a key: the chromatic scale has none") }
        try timing.validate()
    }

    /// `melodies of 4 notes in ionian from random tonics`; `phrases of 1-2 bars from minuet.mxl`.
    public var summary: String {
        if let score = shownScores { return scoreSummary(score) }
        return "melodies of \(length) notes in \(mode.name) from \(root.map { "\($0)" } ?? "random tonics")"
            + (rhythm ? ", in time: \(timing.meter.rawValue) at \(timing.tempo) BPM, level \(timing.level.number) (\(timing.level.name))" : "")
            + (mixesLibrary ? ", real melodies mixed in" : "")
    }

    /// The length and mode; with the rhythm, `rhythm` and the timing too.
    public struct StatusDetails: KindDetails {
        public var length: Int
        public var mode: String
        public var rhythm: Bool?
        public var tempo: Int?
        public var meter: Meter?
        public var level: Int?
        /// From scores: where the melodies come from (`phrases of 2 bars from minuet.mxl`).
        public var scores: String?
    }
    public var statusDetails: StatusDetails {
        let time = rhythm ? timing.statusDetails : nil
        return StatusDetails(length: length, mode: mode.name, rhythm: rhythm ? true : nil, tempo: time?.tempo, meter: time?.meter, level: time?.level,
                             scores: shownScores.map(scoreSummary))
    }
    public var statusRoot: String { root?.description ?? "random" }
    public var sessionColumns: SessionColumns { SessionColumns(mode: mode.name, root: root?.description) }

    public func openQuestion(after previous: (any OpenQuestion)?, context: inout QuestionContext) -> any OpenQuestion {
        if let request = scoreRequest, !context.melodies.isEmpty {
            // Scores given: every question is a phrase of them. Mixed in: one in `mixedShare`.
            let usable = usable(context.melodies)
            let mixIn = !usable.isEmpty && Int.random(in: 0..<Self.mixedShare, using: &context.random) == 0
            if !request.mixed || mixIn { return openScoreQuestion(after: previous as? OpenDictation, from: usable, context: &context) }
        }
        let range = context.settings.noteRange
        let before = previous as? OpenDictation
        // A real melody's key (ionian or aeolian) is not kept for a made one in another mode.
        let sameKey = before.map { $0.source == nil && $0.inKey < Self.melodiesPerKey } ?? false
        let key = sameKey ? before!.key : MelodyKey.choose(mode: mode, root: root, range: range, random: &context.random)
        let inKey = sameKey ? before!.inKey + 1 : 1
        let melody = Melody.make(length: length, in: key, range: range, tritones: tritones, random: &context.random)
        for degree in melody.degrees { context.asked(.degree(degree)) }
        let rhythm = self.rhythm ? MelodyRhythm(notes: length, timing: timing, random: &context.random) : nil
        if let rhythm { context.asked(rhythm.subject) }
        let notes = zip(melody.spelled, melody.keys).map { ExpectedNote(spelled: $0, midiNote: $1, exactOctaveRequired: exactOctave) }
        let shown = DictationQuestion(key: key.name, root: melody.spelled[0], rootNote: melody.keys[0], tonic: key.tonicKey, length: length,
                                      time: rhythm?.shown)
        let keySounds = key.context(range: range)
        let keyContext = inKey == 1 ? keySounds : []
        // The melody's time starts after what sets the key.
        return OpenDictation(shown: shown, notes: notes, degrees: melody.degrees, exercise: self, key: key, inKey: inKey,
                             keyContext: keyContext, keySounds: keySounds, rhythm: rhythm,
                             promptTime: context.time + keyContext.soundingTime(context.settings))
    }
}

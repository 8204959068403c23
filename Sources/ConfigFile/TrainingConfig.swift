import MusicTheory
import Training

/// The `[training]` section: the student's settings (the engine's `TrainingSettings`: note range,
/// note length, A4, tuning, sound, loudness, gaps, clef) and the default exercise.
public struct TrainingConfig: Sendable {
    /// What the engine reads at each prompt; a reloaded file applies from the next prompt on.
    public var settings: TrainingSettings
    /// The kind of exercise a new session trains by default: one of `ExerciseCatalog`'s.
    public var exercise: ExerciseKind
    /// Each kind's default exercise, its `[training.<kind>]` section (`[training.scale]`,
    /// `[training.interval]`), read by the kind's module.
    public var exercises: ExerciseDefaults
    /// Begin the configured exercise as the daemon starts, instead of waiting for a key.
    public var autostart: Bool
    /// The teacher's own scores, files or folders (`[training.library] paths`): the melodies of
    /// `dictation --library own`.
    public var libraryPaths: [String]
    /// The lesson plan the box follows (docs/plans.md): `""` none, a shipped plan's name
    /// (`beginner`) or a plan file's absolute path; `LessonPlanFile.resolve` reads it.
    public var plan: String

    /// The defaults: the cello from C2 to C5, one-second notes, A4 = 440 Hz in equal temperament,
    /// C ionian scales, and the eleven intervals within the octave.
    public init(
        settings: TrainingSettings = .cello, exercise: ExerciseKind = ExerciseCatalog.standard[0].kind,
        exercises: ExerciseDefaults = ExerciseDefaults(), autostart: Bool = false, libraryPaths: [String] = [],
        plan: String = ""
    ) {
        self.settings = settings
        self.exercise = exercise
        self.exercises = exercises
        self.autostart = autostart
        self.libraryPaths = libraryPaths
        self.plan = plan
    }

    /// The exercise a session starts with when the student asks for none: `exercise` picks its
    /// kind's `[training.<kind>]` defaults.
    public var defaultExercise: Exercise {
        exercises[exercise]
    }

    /// Accepted note durations.
    public static let noteDurationRange: ClosedRange<Duration> = .milliseconds(100) ... .seconds(10)
    /// Accepted gaps between prompt notes, seconds.
    public static let promptGapRange: ClosedRange<Double> = 0...5
    /// Accepted breaths between a question's feedback and the next question, seconds.
    public static let breathRange: ClosedRange<Double> = 0...5
    /// Accepted tolerances for a sung note, in cents (`[training.listen] tolerance_cents`).
    public static let listenToleranceRange: ClosedRange<Double> = 0.5...100
}

extension TrainingConfig: Hashable {}

/// On the wire (`config.get`) the section is flat, as the file writes it: the settings' keys with
/// the note range as `lowest_note` and `highest_note`, then each kind's section under its name.
extension TrainingConfig: Codable {
    enum CodingKeys: String, CodingKey {
        case lowestNote, highestNote, noteDuration, referencePitch, tuningSystem, soundSource, varyLoudness, promptGap
        case harmonicIntervals, scaleModelAnswer, exercise, autostart, clef, breath, bendRangeSemitones, library, plan, names, drone
    }

    /// `[training.library]`'s keys.
    enum LibraryKeys: String, CodingKey {
        case paths
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let lowest = try container.decode(MIDINote.self, forKey: .lowestNote)
        let highest = try container.decode(MIDINote.self, forKey: .highestNote)
        let loudness = try container.decode(Double.self, forKey: .varyLoudness)
        let gap = try container.decode(Duration.self, forKey: .promptGap)
        guard lowest <= highest, (0...1).contains(loudness), gap >= .zero else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "training settings out of range"))
        }
        self.init(
            settings: TrainingSettings(
                noteRange: lowest...highest,
                noteDuration: try container.decode(Duration.self, forKey: .noteDuration),
                referencePitch: try container.decode(ReferencePitch.self, forKey: .referencePitch),
                tuningSystem: try container.decode(TuningSystem.self, forKey: .tuningSystem),
                soundSource: try container.decode(SoundSource.self, forKey: .soundSource),
                varyLoudness: loudness,
                promptGap: gap,
                harmonicIntervals: try container.decode(Bool.self, forKey: .harmonicIntervals),
                scaleModelAnswer: try container.decode(Bool.self, forKey: .scaleModelAnswer),
                clef: try container.decodeIfPresent(Clef.self, forKey: .clef) ?? .auto,
                breath: try container.decodeIfPresent(Duration.self, forKey: .breath) ?? TrainingSettings.cello.breath,
                bendRangeSemitones: try Self.bendRange(container.decodeIfPresent(Int.self, forKey: .bendRangeSemitones), decoder),
                noteNaming: try container.decodeIfPresent(NoteNaming.self, forKey: .names) ?? .letters,
                drone: try container.decodeIfPresent(Drone.self, forKey: .drone) ?? .off),
            exercise: try container.decode(ExerciseKind.self, forKey: .exercise),
            exercises: try ExerciseDefaults(from: decoder),
            autostart: try container.decode(Bool.self, forKey: .autostart),
            libraryPaths: try container.contains(.library)
                ? container.nestedContainer(keyedBy: LibraryKeys.self, forKey: .library).decode([String].self, forKey: .paths) : [],
            plan: try container.decodeIfPresent(String.self, forKey: .plan) ?? "")
    }

    /// The wheel's range as decoded: the default when missing, refused outside 1…24.
    private static func bendRange(_ value: Int?, _ decoder: any Decoder) throws -> Int {
        guard let value else { return PitchWheel.defaultRangeSemitones }
        guard PitchWheel.rangesSemitones.contains(value) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bend_range_semitones must be 1-24"))
        }
        return value
    }

    public func encode(to encoder: any Encoder) throws {
        try exercises.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(settings.noteRange.lowerBound, forKey: .lowestNote)
        try container.encode(settings.noteRange.upperBound, forKey: .highestNote)
        try container.encode(settings.noteDuration, forKey: .noteDuration)
        try container.encode(settings.referencePitch, forKey: .referencePitch)
        try container.encode(settings.tuningSystem, forKey: .tuningSystem)
        try container.encode(settings.soundSource, forKey: .soundSource)
        try container.encode(settings.varyLoudness, forKey: .varyLoudness)
        try container.encode(settings.promptGap, forKey: .promptGap)
        try container.encode(settings.harmonicIntervals, forKey: .harmonicIntervals)
        try container.encode(settings.scaleModelAnswer, forKey: .scaleModelAnswer)
        try container.encode(exercise, forKey: .exercise)
        try container.encode(autostart, forKey: .autostart)
        try container.encode(settings.clef, forKey: .clef)
        try container.encode(settings.breath, forKey: .breath)
        try container.encode(settings.bendRangeSemitones, forKey: .bendRangeSemitones)
        var library = container.nestedContainer(keyedBy: LibraryKeys.self, forKey: .library)
        try library.encode(libraryPaths, forKey: .paths)
        try container.encode(plan, forKey: .plan)
        try container.encode(settings.noteNaming, forKey: .names)
        try container.encode(settings.drone, forKey: .drone)
    }
}

import MusicTheory
import Training

/// The `[training]` section: the student's settings (note range, note length, A4, tuning, sound,
/// loudness, gaps) and the default exercise.
public struct TrainingConfig: Sendable {
    /// Lowest note of the range exercises use (default C2).
    public var lowestNote: MIDINote
    /// Highest note of the range (default C5); at least an octave above `lowestNote`.
    public var highestNote: MIDINote
    /// How long a prompt's notes sound, 0.1…10 s.
    public var noteDuration: Duration
    /// The frequency of A4, 380…500 Hz.
    public var referencePitch: ReferencePitch
    /// How intervals above the root are tuned.
    public var tuningSystem: TuningSystem
    /// The instrument sound.
    public var soundSource: SoundSource
    /// How much prompt loudness varies, 0…1.
    public var varyLoudness: Double
    /// Silence between prompt notes, 0…5 s.
    public var promptGap: Duration
    /// An interval's root and target sound together.
    public var harmonicIntervals: Bool
    /// The whole scale is played as a model answer after each scale round.
    public var scaleModelAnswer: Bool
    /// The clef `status` names for the views (`auto`, `bass`, `treble`, `grand`).
    public var clef: Clef
    /// The kind of exercise a new session trains by default: one of `ExerciseCatalog`'s.
    public var exercise: ExerciseKind
    /// Each kind's default exercise, its `[training.<kind>]` section (`[training.scale]`,
    /// `[training.interval]`), read by the kind's module.
    public var exercises: ExerciseDefaults
    /// Begin the configured exercise as the daemon starts, instead of waiting for a key.
    public var autostart: Bool

    /// The defaults: the cello from C2 to C5, one-second notes, A4 = 440 Hz in equal temperament,
    /// C ionian scales, and the eleven intervals within the octave.
    public init(
        lowestNote: MIDINote = MIDINote(36), highestNote: MIDINote = MIDINote(72),
        noteDuration: Duration = .seconds(1), referencePitch: ReferencePitch = .standard,
        tuningSystem: TuningSystem = .equalTemperament, soundSource: SoundSource = .cello,
        varyLoudness: Double = 0, promptGap: Duration = .milliseconds(250), harmonicIntervals: Bool = false,
        scaleModelAnswer: Bool = false, exercise: ExerciseKind = ExerciseCatalog.standard[0].kind,
        exercises: ExerciseDefaults = ExerciseDefaults(), autostart: Bool = false, clef: Clef = .auto
    ) {
        self.lowestNote = lowestNote
        self.highestNote = highestNote
        self.noteDuration = noteDuration
        self.referencePitch = referencePitch
        self.tuningSystem = tuningSystem
        self.soundSource = soundSource
        self.varyLoudness = varyLoudness
        self.promptGap = promptGap
        self.harmonicIntervals = harmonicIntervals
        self.scaleModelAnswer = scaleModelAnswer
        self.exercise = exercise
        self.exercises = exercises
        self.autostart = autostart
        self.clef = clef
    }

    /// Accepted note durations.
    public static let noteDurationRange: ClosedRange<Duration> = .milliseconds(100) ... .seconds(10)
    /// Accepted gaps between prompt notes, seconds.
    public static let promptGapRange: ClosedRange<Double> = 0...5
}

extension TrainingConfig: Hashable {}

extension TrainingConfig: Codable {
    enum CodingKeys: String, CodingKey {
        case lowestNote, highestNote, noteDuration, referencePitch, tuningSystem, soundSource, varyLoudness, promptGap
        case harmonicIntervals, scaleModelAnswer, exercise, autostart, clef
    }

    /// The settings, then each kind's section beside them under its name (`scale`, `interval`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            lowestNote: try container.decode(MIDINote.self, forKey: .lowestNote),
            highestNote: try container.decode(MIDINote.self, forKey: .highestNote),
            noteDuration: try container.decode(Duration.self, forKey: .noteDuration),
            referencePitch: try container.decode(ReferencePitch.self, forKey: .referencePitch),
            tuningSystem: try container.decode(TuningSystem.self, forKey: .tuningSystem),
            soundSource: try container.decode(SoundSource.self, forKey: .soundSource),
            varyLoudness: try container.decode(Double.self, forKey: .varyLoudness),
            promptGap: try container.decode(Duration.self, forKey: .promptGap),
            harmonicIntervals: try container.decode(Bool.self, forKey: .harmonicIntervals),
            scaleModelAnswer: try container.decode(Bool.self, forKey: .scaleModelAnswer),
            exercise: try container.decode(ExerciseKind.self, forKey: .exercise),
            exercises: try ExerciseDefaults(from: decoder),
            autostart: try container.decode(Bool.self, forKey: .autostart),
            clef: try container.decodeIfPresent(Clef.self, forKey: .clef) ?? .auto)
    }

    public func encode(to encoder: any Encoder) throws {
        try exercises.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lowestNote, forKey: .lowestNote)
        try container.encode(highestNote, forKey: .highestNote)
        try container.encode(noteDuration, forKey: .noteDuration)
        try container.encode(referencePitch, forKey: .referencePitch)
        try container.encode(tuningSystem, forKey: .tuningSystem)
        try container.encode(soundSource, forKey: .soundSource)
        try container.encode(varyLoudness, forKey: .varyLoudness)
        try container.encode(promptGap, forKey: .promptGap)
        try container.encode(harmonicIntervals, forKey: .harmonicIntervals)
        try container.encode(scaleModelAnswer, forKey: .scaleModelAnswer)
        try container.encode(exercise, forKey: .exercise)
        try container.encode(autostart, forKey: .autostart)
        try container.encode(clef, forKey: .clef)
    }
}

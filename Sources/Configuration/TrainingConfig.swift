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
    /// The kind of exercise a new session trains by default: `[training.scale]` or `[training.interval]`.
    public var exercise: ExerciseKind
    /// The default scale exercise (`[training.scale]`).
    public var scale: ScaleExercise
    /// The default interval exercise (`[training.interval]`).
    public var interval: IntervalExercise
    /// Begin the configured exercise as the daemon starts, instead of waiting for a key.
    public var autostart: Bool

    /// The defaults: the cello from C2 to C5, one-second notes, A4 = 440 Hz in equal temperament,
    /// C ionian scales, and the eleven intervals within the octave.
    public init(
        lowestNote: MIDINote = MIDINote(36), highestNote: MIDINote = MIDINote(72),
        noteDuration: Duration = .seconds(1), referencePitch: ReferencePitch = .standard,
        tuningSystem: TuningSystem = .equalTemperament, soundSource: SoundSource = .cello,
        varyLoudness: Double = 0, promptGap: Duration = .milliseconds(250), harmonicIntervals: Bool = false,
        scaleModelAnswer: Bool = false, exercise: ExerciseKind = .scale,
        scale: ScaleExercise = ScaleExercise(mode: .ionian, root: try! RootNote(parsing: "C")),
        interval: IntervalExercise = IntervalExercise(), autostart: Bool = false
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
        self.scale = scale
        self.interval = interval
        self.autostart = autostart
    }

    /// Accepted note durations.
    public static let noteDurationRange: ClosedRange<Duration> = .milliseconds(100) ... .seconds(10)
    /// Accepted gaps between prompt notes, seconds.
    public static let promptGapRange: ClosedRange<Double> = 0...5
    /// Accepted tries before an answer is revealed.
    public static let triesBeforeRevealRange = 1...10
}

extension TrainingConfig: Hashable, Codable {}

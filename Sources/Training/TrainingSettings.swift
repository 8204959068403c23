import MusicTheory

/// The student's settings: one value, read by the engine at each prompt, so a
/// change applies from the next prompt on.
///
/// The defaults suit a cello read in the bass clef.
public struct TrainingSettings: Sendable {
    /// The notes exercises may use: random interval roots and their answers stay inside it, and
    /// control keys are placed just below it.
    public var noteRange: ClosedRange<MIDINote>
    /// How long a prompt's notes sound.
    public var noteDuration: Duration
    /// The frequency of A4.
    public var referencePitch: ReferencePitch
    /// How intervals above a sounded root are tuned.
    public var tuningSystem: TuningSystem
    /// The instrument sound the audio adapter plays prompts and keys with.
    public var soundSource: SoundSource
    /// How much prompt loudness varies at random, 0 (never) … 1 (widely).
    public var varyLoudness: Double
    /// Silence between one prompt note's end and the next one's start.
    public var promptGap: Duration
    /// Sound an interval's root and target together instead of one after the other.
    public var harmonicIntervals: Bool
    /// After each scale round, play the whole scale as a model answer before the next root.
    public var scaleModelAnswer: Bool
    /// The clef `status` names for views that draw the staff.
    public var clef: Clef
    /// Silence between one question's feedback and the next question: a breath.
    public var breath: Duration
    /// How far the keyboard's pitch-bend wheel bends at its ends, in semitones (its
    /// sensitivity): what the sound and a `match` answer make of the wheel (`PitchWheel`).
    public var bendRangeSemitones: Int
    /// How far a sung or bowed note may be from the note in tune and still be in tune, in cents
    /// (`[training.listen] tolerance_cents`): a right note outside it is right, and said to be
    /// sharp or flat.
    public var listenToleranceCents: Double
    /// How notes are named to the student: letters, fixed do or movable do (`training.names`).
    public var noteNaming: NoteNaming
    /// The tonic drone under `degree`, `dictation` and the intonation kinds (`training.drone`).
    public var drone: Drone

    /// Settings with the cello defaults for every value not given.
    public init(
        noteRange: ClosedRange<MIDINote> = MIDINote(36)...MIDINote(72),
        noteDuration: Duration = .seconds(1),
        referencePitch: ReferencePitch = .standard,
        tuningSystem: TuningSystem = .equalTemperament,
        soundSource: SoundSource = .cello,
        varyLoudness: Double = 0,
        promptGap: Duration = .milliseconds(250),
        harmonicIntervals: Bool = false,
        scaleModelAnswer: Bool = false,
        clef: Clef = .auto,
        breath: Duration = .milliseconds(1200),
        bendRangeSemitones: Int = PitchWheel.defaultRangeSemitones,
        listenToleranceCents: Double = 15,
        noteNaming: NoteNaming = .letters,
        drone: Drone = .off
    ) {
        precondition(listenToleranceCents >= 0 && listenToleranceCents.isFinite, "a tolerance is not negative")
        self.listenToleranceCents = listenToleranceCents
        self.noteNaming = noteNaming
        self.drone = drone
        precondition(PitchWheel.rangesSemitones.contains(bendRangeSemitones), "the wheel's range is 1...24 semitones")
        self.bendRangeSemitones = bendRangeSemitones
        precondition((0...1).contains(varyLoudness), "varyLoudness is 0...1")
        precondition(promptGap >= .zero, "a gap is not negative")
        self.promptGap = promptGap
        self.harmonicIntervals = harmonicIntervals
        self.scaleModelAnswer = scaleModelAnswer
        self.clef = clef
        precondition(breath >= .zero, "a breath is not negative")
        self.breath = breath
        self.noteRange = noteRange
        self.noteDuration = noteDuration
        self.referencePitch = referencePitch
        self.tuningSystem = tuningSystem
        self.soundSource = soundSource
        self.varyLoudness = varyLoudness
    }

    /// C2–C5, one second per note, A4 = 440 Hz, equal temperament, a cello, steady loudness.
    public static let cello = TrainingSettings()
}

extension TrainingSettings: Hashable, Codable {
    private enum CodingKeys: String, CodingKey {
        case noteRange, noteDuration, referencePitch, tuningSystem, soundSource, varyLoudness, promptGap
        case harmonicIntervals, scaleModelAnswer, clef, breath, bendRangeSemitones, listenToleranceCents, noteNaming, drone
    }

    /// Settings as encoded; a wheel range missing (settings written before it existed) is the default.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let range = try c.decodeIfPresent(Int.self, forKey: .bendRangeSemitones) ?? PitchWheel.defaultRangeSemitones
        let loudness = try c.decode(Double.self, forKey: .varyLoudness)
        let gap = try c.decode(Duration.self, forKey: .promptGap)
        let breath = try c.decode(Duration.self, forKey: .breath)
        let tolerance = try c.decodeIfPresent(Double.self, forKey: .listenToleranceCents) ?? 15
        guard PitchWheel.rangesSemitones.contains(range), (0...1).contains(loudness), gap >= .zero, breath >= .zero,
              tolerance >= 0, tolerance.isFinite else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "training settings out of range"))
        }
        self.init(
            noteRange: try c.decode(ClosedRange<MIDINote>.self, forKey: .noteRange),
            noteDuration: try c.decode(Duration.self, forKey: .noteDuration),
            referencePitch: try c.decode(ReferencePitch.self, forKey: .referencePitch),
            tuningSystem: try c.decode(TuningSystem.self, forKey: .tuningSystem),
            soundSource: try c.decode(SoundSource.self, forKey: .soundSource),
            varyLoudness: loudness, promptGap: gap,
            harmonicIntervals: try c.decode(Bool.self, forKey: .harmonicIntervals),
            scaleModelAnswer: try c.decode(Bool.self, forKey: .scaleModelAnswer),
            clef: try c.decode(Clef.self, forKey: .clef),
            breath: breath, bendRangeSemitones: range, listenToleranceCents: tolerance,
            noteNaming: try c.decodeIfPresent(NoteNaming.self, forKey: .noteNaming) ?? .letters,
            drone: try c.decodeIfPresent(Drone.self, forKey: .drone) ?? .off)
    }
}

/// Where the engine reads the current settings, once per prompt.
///
/// The daemon's implementation follows the configuration file and the control socket.
public protocol TrainingSettingsSource {
    /// The settings as they are now.
    var current: TrainingSettings { get }
}

/// Settings that never change: for tests, benchmarks and one-shot command-line sessions.
public struct FixedSettings: TrainingSettingsSource, Sendable {
    /// The settings every prompt reads.
    public var current: TrainingSettings

    /// Always `settings`.
    public init(_ settings: TrainingSettings = .cello) {
        current = settings
    }
}

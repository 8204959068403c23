import MusicTheory
import Training

extension TrainingConfig {
    /// The engine's settings from this section; a `ConfigReloader` hands the engine these at each
    /// prompt, so a reloaded file applies from the next prompt on.
    public var trainingSettings: TrainingSettings {
        TrainingSettings(
            noteRange: lowestNote...highestNote,
            noteDuration: noteDuration,
            referencePitch: referencePitch,
            tuningSystem: tuningSystem,
            soundSource: soundSource,
            varyLoudness: varyLoudness,
            promptGap: promptGap,
            harmonicIntervals: harmonicIntervals,
            scaleModelAnswer: scaleModelAnswer,
            clef: clef
        )
    }

    /// The exercise a session starts with when the student asks for none: `exercise` picks its
    /// kind's `[training.<kind>]` defaults.
    public var defaultExercise: Exercise {
        exercises[exercise]
    }
}

import MusicTheory
import Training

/// The pitch-bend wheel and the note it tunes (a `match` question's held note): the note starts
/// bent by where the wheel is and follows it until the question's next event releases it.
struct HeldNoteWheel {
    /// Where the wheel is, −8192…8191.
    private(set) var wheel = 0
    /// Whether a held note was asked to sound.
    private(set) var holding = false
    /// Cents the held note starts from its tuned pitch: the wheel bends it from there. The sound
    /// is given the tuned pitch itself (which the cello's calibration can measure once per key)
    /// and this offset as a bend, so no detuning asks for a measurement of its own.
    private var offset = 0.0

    /// The wheel moved to `value` (clamped): the held note, sounding or queued, follows.
    mutating func move(to value: Int, sound: any SoundOutput, rangeSemitones: Int) {
        wheel = min(PitchWheel.values.upperBound, max(PitchWheel.values.lowerBound, value))
        sound.bendHeld(cents: offset + PitchWheel.cents(wheel, rangeSemitones: rangeSemitones))
    }

    /// Queues a note at `frequency`, `offset` cents off it and bent by the wheel from there.
    mutating func hold(_ frequency: Frequency, offset: Double, sound: any SoundOutput, settings: TrainingSettings) {
        self.offset = offset
        sound.hold(frequency, bentBy: offset + PitchWheel.cents(wheel, rangeSemitones: settings.bendRangeSemitones), settings: settings)
        holding = true
    }

    /// The question's next event: the held note, if any, is released.
    mutating func release(sound: any SoundOutput) {
        guard holding else { return }
        sound.releaseHeld()
        holding = false
    }
}

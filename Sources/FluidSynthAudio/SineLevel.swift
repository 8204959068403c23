import Foundation

/// How loud a sine note is: as loud as the cello's note on the same key, by the measure of
/// ITU-R BS.1770 (K-weighted, in LUFS), and quieter with velocity the way FluidSynth makes the
/// cello quieter, so that switching the sound source changes the timbre, not the level.
///
/// The cello's loudness per key is measured with its calibration (`CelloTuner.loudness(near:)`),
/// at the calibration's velocity and over the note duration. With no SoundFont there is nothing to
/// match, and sines take `referenceLoudness`.
struct SineLevel {
    /// FluidR3_GM's cello at velocity 100 over 1 s, the median of keys C2–C6 (measured −26.0 LUFS,
    /// from −28.5 at C2 to −23.0 at E5): what a sine sounds at when there is no cello to match.
    static let referenceLoudness = -26.0

    /// The cello's loudness on the tone's key at `velocity`, in LUFS (stereo, equal channels).
    let loudness: Double
    /// The velocity `loudness` was measured at.
    let velocity: Int

    init(loudness: Double? = nil, velocity: Int = CelloTuner.velocity) {
        self.loudness = loudness ?? Self.referenceLoudness
        self.velocity = velocity
    }

    /// The peak amplitude of a sine at `hertz` and `velocity` that is `loudness` loud.
    ///
    /// A steady sine of amplitude A in both channels measures −0.691 + 20·log10(A·K(f)) LUFS,
    /// K(f) the K-weighting's gain at its frequency. FluidSynth's default velocity modulator (the
    /// SoundFont 2 concave curve, 96 dB) makes a note's amplitude follow (velocity / 127)²:
    /// measured on the cello, velocities 40 … 127 against 100 read within 0.4 dB of that.
    func amplitude(hertz: Double, velocity played: Int, sampleRate: Double) -> Double {
        let weighting = LoudnessMeter(sampleRate: sampleRate).gain(atHertz: hertz)
        let measured = pow(10, (loudness - LoudnessMeter.offset) / 20) / weighting
        let scale = Double(played) / Double(velocity)
        return measured * scale * scale
    }
}

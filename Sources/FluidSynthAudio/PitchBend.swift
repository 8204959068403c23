/// FluidSynth 2.3's pitch-wheel arithmetic, and the wheel value that makes a voice sound a wanted
/// number of cents away from its key.
///
/// FluidSynth's default pitch-wheel modulator has amount 12700 and scales the bipolar wheel
/// (value/8192 − 1) by the sensitivity divided by 128, so one semitone of sensitivity is
/// 12700/128 = 99.21875 cents, not 100 (`fluid_mod.c`). The voice pitch is then floored to a whole
/// cent (`fluid_ct2hz_real`), so asking for n + 0.5 cents sounds exactly n cents.
public struct PitchBend: Sendable, Hashable {
    /// Cents per semitone of pitch-wheel sensitivity in FluidSynth 2.3.
    public static let centsPerSensitivitySemitone = 12700.0 / 128
    public static let centre = 8192
    public static let range = 0...16383

    /// The pitch-wheel sensitivity in semitones, set explicitly on every channel.
    public let sensitivity: Int

    public init(sensitivity: Int = 2) {
        precondition((1...24).contains(sensitivity), "pitch-wheel sensitivity must be 1...24 semitones")
        self.sensitivity = sensitivity
    }

    /// Cents of the wheel's full half-range.
    public var halfRangeCents: Double { Self.centsPerSensitivitySemitone * Double(sensitivity) }

    /// The unfloored offset FluidSynth computes for a wheel value.
    public func cents(forWheel value: Int) -> Double {
        halfRangeCents * Double(value - Self.centre) / Double(Self.centre)
    }

    /// The whole cents a voice sounds at for a wheel value, after FluidSynth's floor.
    public func soundingCents(forWheel value: Int) -> Int {
        Int(cents(forWheel: value).rounded(.down))
    }

    /// The wheel value and the whole cents it sounds for a wanted offset: the nearest whole cent n,
    /// reached by aiming at n + 0.5 (the middle of the floor's step), so float rounding inside
    /// FluidSynth cannot tip it to n − 1. The offset must lie within the wheel's range.
    public func wheel(forCents wanted: Double) -> (value: Int, sounding: Int) {
        let whole = Int(wanted.rounded())
        let value = Self.centre + Int(((Double(whole) + 0.5) / halfRangeCents * Double(Self.centre)).rounded())
        precondition(Self.range.contains(value), "\(wanted) cents is beyond the pitch wheel's range")
        return (value, whole)
    }
}

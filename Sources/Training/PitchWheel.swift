import MusicTheory

/// The keyboard's pitch-bend wheel: 14 bits, −8192 (all the way down) … 0 (centred, where it
/// springs back) … 8191, bending by at most its range (the sensitivity, `[training]
/// bend_range_semitones`, ±2 semitones unless set) at either end. At ±2 semitones one step is
/// 0.024 cents.
public enum PitchWheel {
    /// The wheel's values as the sequencer and `notes.bend` give them.
    public static let values = -8192...8191
    /// The sensitivity keyboards and synthesizers start with.
    public static let defaultRangeSemitones = 2
    /// The sensitivities accepted (General MIDI's RPN 0 allows up to 24).
    public static let rangesSemitones = 1...24

    /// Cents the wheel at `value` bends by, with a range of `rangeSemitones` at its ends
    /// (`value` / 8192 of it, as the MIDI specification scales it; sharp positive).
    public static func cents(_ value: Int, rangeSemitones: Int) -> Double {
        Double(value) / 8192 * Double(rangeSemitones) * 100
    }

    /// The wheel value nearest to bending by `cents`, within the wheel's values.
    public static func value(forCents cents: Double, rangeSemitones: Int) -> Int {
        let exact = (cents / (Double(rangeSemitones) * 100) * 8192).rounded()
        return Int(Swift.min(Double(values.upperBound), Swift.max(Double(values.lowerBound), exact)))
    }
}

/// A note held after a question's sounds until it is over, whose pitch follows the wheel: its
/// key tuned against the question's root (in `tuning`, or the session's when nil), `cents` away
/// from there before the wheel moves it.
public struct HeldNote: Sendable, Hashable, Codable {
    public var note: MIDINote
    /// Cents from the tuned pitch, sharp positive.
    public var cents: Double
    /// The tuning the note is tuned in against the root; nil: the session's.
    public var tuning: TuningSystem?

    public init(_ note: MIDINote, cents: Double = 0, tuning: TuningSystem? = nil) {
        self.note = note
        self.cents = cents
        self.tuning = tuning
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Pitch on a scale of cents, where the segmenter compares and averages it (and a listening
/// input, over a note's first frames).
public enum Cents {
    /// How far a frame that has slipped to a partial or a subharmonic lies from the note: an
    /// octave, a twelfth, two octaves (`NoteSegmenter.slipCents`).
    public static let slips: [Double] = [1_200, 1_902, 2_400]

    /// Cents above 440 Hz.
    static func of(_ hertz: Double) -> Double { 1200 * log2(hertz / 440) }

    /// The frequency `cents` above 440 Hz.
    static func hertz(_ cents: Double) -> Double { 440 * exp2(cents / 1200) }

    /// The positions in `values` where they cross `centre`, up or down, each crossing counted
    /// once they are past `hysteresis` on the other side (so a jitter about the centre is none).
    public static func crossings(_ values: some Sequence<Double>, around centre: Double, hysteresis: Double) -> [Int] {
        var crossings: [Int] = []
        var side = 0
        for (position, value) in values.enumerated() {
            let offset = value - centre
            let now = offset < -hysteresis ? -1 : offset > hysteresis ? 1 : side
            if now != side {
                if side != 0 { crossings.append(position) }
                side = now
            }
        }
        return crossings
    }

    /// The median of `values` (not empty).
    public static func median<C: Collection<Double>>(_ values: C) -> Double {
        precondition(!values.isEmpty, "the median of nothing")
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Pitch on a scale of cents, where the segmenter compares and averages it.
enum Cents {
    /// Cents above 440 Hz.
    static func of(_ hertz: Double) -> Double { 1200 * log2(hertz / 440) }

    /// The frequency `cents` above 440 Hz.
    static func hertz(_ cents: Double) -> Double { 440 * exp2(cents / 1200) }

    /// The median of `values` (not empty).
    static func median<C: Collection<Double>>(_ values: C) -> Double {
        precondition(!values.isEmpty, "the median of nothing")
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

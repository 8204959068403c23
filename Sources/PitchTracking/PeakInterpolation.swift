#if canImport(Glibc)
import Glibc
#endif

/// Where a sampled peak really is, from the sample at the top and its two neighbours.
enum PeakInterpolation {
    /// The vertex of the parabola through (−1, left), (0, centre), (1, right): the offset from
    /// the centre sample, in −0.5…0.5 when the centre is the highest, and the parabola's height.
    static func parabolic(left: Double, centre: Double, right: Double) -> (offset: Double, height: Double) {
        let curvature = left - 2 * centre + right
        guard curvature < 0 else { return (0, centre) }
        let offset = min(0.5, max(-0.5, 0.5 * (left - right) / curvature))
        return (offset, centre - 0.25 * (left - right) * offset)
    }

    /// The parabola's offset corrected for a peak shaped like a cosine of `period` samples (the
    /// square difference near a period is one): a parabola through three points of
    /// cos(ω(x − x₀)) puts its vertex at tan(ωx₀)/(2·tan(ω/2)), so x₀ = atan(2·offset·tan(ω/2))/ω.
    /// It matters where the period is short: 8 samples at 8 kHz would be off by several cents.
    static func cosineCorrected(offset: Double, period: Double) -> Double {
        guard period > 2 else { return offset }
        let omega = 2 * Double.pi / period
        return atan(2 * offset * tan(omega / 2)) / omega
    }
}

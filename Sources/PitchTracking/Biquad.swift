#if canImport(Glibc)
import Glibc
#endif

/// One second-order section (transposed direct form II), designed by the RBJ Audio EQ Cookbook's
/// formulas. Its state is Double: a 40 Hz high-pass at 192 kHz needs the precision.
struct Biquad: Sendable {
    private let b0, b1, b2, a1, a2: Double
    private var z1 = 0.0
    private var z2 = 0.0

    private init(b: (Double, Double, Double), a: (Double, Double, Double)) {
        b0 = b.0 / a.0
        b1 = b.1 / a.0
        b2 = b.2 / a.0
        a1 = a.1 / a.0
        a2 = a.2 / a.0
    }

    /// A low-pass at `cutoff` hertz with quality `q`.
    static func lowPass(cutoff: Double, q: Double, sampleRate: Double) -> Biquad {
        let w = 2 * Double.pi * cutoff / sampleRate
        let alpha = sin(w) / (2 * q)
        let c = cos(w)
        return Biquad(b: ((1 - c) / 2, 1 - c, (1 - c) / 2), a: (1 + alpha, -2 * c, 1 - alpha))
    }

    /// A high-pass at `cutoff` hertz with quality `q`.
    static func highPass(cutoff: Double, q: Double, sampleRate: Double) -> Biquad {
        let w = 2 * Double.pi * cutoff / sampleRate
        let alpha = sin(w) / (2 * q)
        let c = cos(w)
        return Biquad(b: ((1 + c) / 2, -(1 + c), (1 + c) / 2), a: (1 + alpha, -2 * c, 1 - alpha))
    }

    /// Filters one sample.
    @inline(__always)
    mutating func callAsFunction(_ x: Double) -> Double {
        let y = b0 * x + z1
        z1 = b1 * x - a1 * y + z2
        z2 = b2 * x - a2 * y
        return y
    }
}

/// The two quality factors of a fourth-order Butterworth filter made of two sections.
let butterworthFourthOrderQ = (0.541_196_100_146_197, 1.306_562_964_876_377)

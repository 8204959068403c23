#if canImport(Glibc)
import Glibc
#endif

/// Makes a band-limited window `factor` times finer, by a Blackman-windowed sinc of 16 taps a
/// phase: the fine search's parabola is only as good as the period is long in samples, and at
/// 8 kHz C6 is 7.6 samples long (an error of several cents), 30 after upsampling by four.
struct Upsampler: Sendable {
    /// Output samples per input sample.
    let factor: Int
    /// Input samples on either side of an output sample that it is made from.
    let halfWidth = 8
    /// taps[phase][k] weighs input n0 − halfWidth + 1 + k for output n0 + phase/factor.
    private let taps: [[Float]]

    init(factor: Int) {
        precondition(factor >= 1, "an upsampling factor is at least 1")
        self.factor = factor
        let half = halfWidth
        taps = (0..<factor).map { phase in
            (0..<(2 * half)).map { index in
                let k = Double(index - half + 1)
                let t = Double(phase) / Double(factor) - k  // distance from the output to input k
                let sinc = t == 0 ? 1 : sin(Double.pi * t) / (Double.pi * t)
                let x = (t / Double(half) + 1) / 2  // 0…1 across the kernel
                let blackman = 0.42 - 0.5 * cos(2 * Double.pi * x) + 0.08 * cos(4 * Double.pi * x)
                return Float(sinc * blackman)
            }
        }
    }

    /// Writes `factor` × (input.count − 2·halfWidth) samples: the input from index halfWidth on,
    /// made finer (the first `halfWidth` and the last `halfWidth` inputs are only context).
    func upsample(_ input: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Float>) {
        let count = input.count - 2 * halfWidth
        precondition(output.count >= count * factor, "the output is too short")
        for n in 0..<count {
            let first = n + 1  // input index of the kernel's first tap for output n0 = n + halfWidth
            for phase in 0..<factor {
                var sum: Float = 0
                let weights = taps[phase]
                for k in 0..<(2 * halfWidth) { sum += input[first + k] * weights[k] }
                output[n * factor + phase] = sum
            }
        }
    }
}

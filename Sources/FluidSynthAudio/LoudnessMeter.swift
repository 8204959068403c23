import Foundation

/// Integrated loudness per ITU-R BS.1770-4 (EBU R128's measure), in LUFS: each channel
/// K-weighted (a high shelf of +4 dB above about 1.7 kHz, then a high-pass at about 38 Hz),
/// mean squares over 400 ms blocks overlapping by 75 %, summed over the channels (weight 1 for
/// left and right), gated at −70 LUFS and then at 10 LU below the loudness of what passed.
/// The filters are designed for any sample rate as libebur128 does; at 48 kHz they are the
/// coefficients the recommendation tabulates (`LoudnessMeterTests`).
struct LoudnessMeter {
    /// One biquad, direct form I, in Double; `a` leaves out a0, which is 1.
    struct Biquad {
        let b: (Double, Double, Double)
        let a: (Double, Double)

        func run(_ input: [Double]) -> [Double] {
            var (x1, x2, y1, y2) = (0.0, 0.0, 0.0, 0.0)
            return input.map { x in
                let y = b.0 * x + b.1 * x1 + b.2 * x2 - a.0 * y1 - a.1 * y2
                (x2, x1, y2, y1) = (x1, x, y1, y)
                return y
            }
        }

        /// The magnitude of the response at `omega` radians per sample.
        func magnitude(at omega: Double) -> Double {
            // |b0 + b1 z⁻¹ + b2 z⁻²| / |1 + a1 z⁻¹ + a2 z⁻²| with z = e^{iω}.
            func size(_ c0: Double, _ c1: Double, _ c2: Double) -> Double {
                let re = c0 + c1 * cos(omega) + c2 * cos(2 * omega)
                let im = c1 * sin(omega) + c2 * sin(2 * omega)
                return (re * re + im * im).squareRoot()
            }
            return size(b.0, b.1, b.2) / size(1, a.0, a.1)
        }
    }

    /// The gates and the offset of the recommendation.
    static let absoluteGate = -70.0
    static let relativeGate = -10.0
    static let offset = -0.691

    let sampleRate: Double
    /// Stage 1: the head's acoustic effect, a high shelf.
    let shelf: Biquad
    /// Stage 2: the revised low-frequency B-curve, a high-pass.
    let highPass: Biquad

    init(sampleRate: Double) {
        self.sampleRate = sampleRate
        var k = tan(Double.pi * 1681.974450955533 / sampleRate)
        var q = 0.7071752369554196
        let vh = pow(10, 3.999843853973347 / 20)
        let vb = pow(vh, 0.4996667741545416)
        var a0 = 1 + k / q + k * k
        shelf = Biquad(b: ((vh + vb * k / q + k * k) / a0, 2 * (k * k - vh) / a0, (vh - vb * k / q + k * k) / a0),
                       a: (2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0))
        k = tan(Double.pi * 38.13547087602444 / sampleRate)
        q = 0.5003270373238773
        a0 = 1 + k / q + k * k
        highPass = Biquad(b: (1, -2, 1), a: (2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0))
    }

    /// The K-weighting's gain at `hertz` (about 0.7 at 40 Hz, 1.0 at 500 Hz, 1.58 above 4 kHz).
    func gain(atHertz hertz: Double) -> Double {
        let omega = 2 * Double.pi * hertz / sampleRate
        return shelf.magnitude(at: omega) * highPass.magnitude(at: omega)
    }

    /// The K-weighted signal of one channel.
    func weighted(_ samples: [Float]) -> [Double] {
        highPass.run(shelf.run(samples.map(Double.init)))
    }

    /// The gated integrated loudness of `channels` (equal lengths) in LUFS; nil when nothing is
    /// louder than the absolute gate. A signal shorter than one block is measured as one block.
    func integrated(_ channels: [[Float]]) -> Double? {
        let weighted = channels.map(weighted)
        guard let count = weighted.first?.count, count > 0 else { return nil }
        let block = min(count, Int(0.4 * sampleRate))
        let step = max(1, block / 4)
        // Running sums of squares per channel, so each block's mean square is one subtraction.
        let sums = weighted.map { channel -> [Double] in
            var running = [Double](repeating: 0, count: channel.count + 1)
            for (index, value) in channel.enumerated() { running[index + 1] = running[index] + value * value }
            return running
        }
        let powers = stride(from: 0, through: count - block, by: step).map { start in
            sums.reduce(0.0) { $0 + ($1[start + block] - $1[start]) / Double(block) }
        }
        func loudness(_ power: Double) -> Double { Self.offset + 10 * log10(power) }
        let audible = powers.filter { $0 > 0 && loudness($0) > Self.absoluteGate }
        guard !audible.isEmpty else { return nil }
        let gate = loudness(audible.reduce(0, +) / Double(audible.count)) + Self.relativeGate
        let gated = audible.filter { loudness($0) > gate }
        return loudness(gated.reduce(0, +) / Double(gated.count))
    }
}

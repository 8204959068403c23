import Foundation

/// Synthetic test signals, all at full-scale ±1 floats.
enum TestSignals {
    /// A tone of `harmonics` (amplitude of each partial, the first the fundamental) whose pitch in
    /// cents above `hertz` follows `cents(t)`, for `seconds`, with 5 ms fades.
    static func tone(
        hertz: Double, seconds: Double, rate: Double = 48_000, harmonics: [Double] = [1], amplitude: Double = 0.5,
        cents: (Double) -> Double = { _ in 0 }
    ) -> [Float] {
        let count = Int(seconds * rate)
        let norm = amplitude / harmonics.reduce(0) { $0 + abs($1) }
        var phase = 0.0
        var out = [Float](repeating: 0, count: count)
        let fade = 0.005 * rate
        for i in 0..<count {
            let t = Double(i) / rate
            let f = hertz * pow(2, cents(t) / 1200)
            var x = 0.0
            for (k, a) in harmonics.enumerated() where a != 0 && Double(k + 1) * f < rate / 2 {
                x += a * sin(Double(k + 1) * phase)
            }
            let envelope = min(1, Double(i) / fade, Double(count - 1 - i) / fade)
            out[i] = Float(norm * x * envelope)
            phase += 2 * .pi * f / rate
            if phase > 2 * .pi * 1000 { phase = phase.truncatingRemainder(dividingBy: 2 * .pi) }
        }
        return out
    }

    /// A bowed-string-like spectrum: 20 partials falling as 1/k.
    static let stringLike: [Double] = (1...20).map { 1 / Double($0) }

    /// Silence.
    static func silence(seconds: Double, rate: Double = 48_000) -> [Float] {
        [Float](repeating: 0, count: Int(seconds * rate))
    }

    /// White noise of RMS `rms`, seeded.
    static func noise(count: Int, rms: Double, seed: UInt64) -> [Float] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            // Box–Muller: one normal value per pair of uniforms.
            let u1 = Double.random(in: Double.ulpOfOne..<1, using: &generator)
            let u2 = Double.random(in: 0..<1, using: &generator)
            return Float(rms * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2))
        }
    }

    /// `signal` with white noise added `snr` dB below its RMS.
    static func withNoise(_ signal: [Float], snr: Double, seed: UInt64 = 1) -> [Float] {
        let power = signal.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(signal.count)
        let noise = noise(count: signal.count, rms: (power / pow(10, snr / 10)).squareRoot(), seed: seed)
        return zip(signal, noise).map { $0 + $1 }
    }

    /// The difference in cents from `expected` up to `heard`.
    static func cents(_ heard: Double, from expected: Double) -> Double { 1200 * log2(heard / expected) }
}

/// xorshift64*: the same numbers on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}

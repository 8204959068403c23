import Foundation

/// Measures the pitch of a harmonic tone from several of its harmonics, to a small fraction of a
/// cent: what the calibration and the pitch tests both use.
///
/// Each harmonic's frequency is the peak of the windowed spectrum near h·f, found by Newton's
/// method on the exact DTFT (three running sums per pass, no FFT grid, so no interpolation bias).
/// The fundamental is the energy-weighted mean of f_h / h. A cello's weak fundamental fools a
/// plain peak pick; here every harmonic counts by its energy. The window is a Tukey window, flat
/// over most of the span, so the result is the pitch over the whole sounding part of a note, not
/// just its middle; the samples' pitch drifts within a note, and this averages that drift.
public struct PitchEstimator: Sendable {
    /// The most harmonics used.
    public var maxHarmonics: Int
    /// Harmonics above this frequency are left out (a cello's upper partials are weak and noisy).
    public var maxHarmonicFrequency: Double
    /// Harmonics weaker than this fraction of the strongest one's energy are left out.
    public var energyFloor: Double

    public init(maxHarmonics: Int = 8, maxHarmonicFrequency: Double = 5000, energyFloor: Double = 1e-4) {
        self.maxHarmonics = maxHarmonics
        self.maxHarmonicFrequency = maxHarmonicFrequency
        self.energyFloor = energyFloor
    }

    /// A measured pitch.
    public struct Estimate: Sendable {
        public let hertz: Double
        /// How many harmonics contributed.
        public let harmonics: Int
    }

    /// The fundamental of `samples` (mono) near `expected` hertz, which must be within about 30
    /// cents of the truth. Nil when the signal is silent.
    public func estimate(_ samples: [Float], sampleRate: Double, expected: Double) -> Estimate? {
        precondition(expected > 0 && sampleRate > 0, "frequencies must be positive")
        let count = samples.count
        guard count >= 64 else { return nil }
        let windowed = Self.tukey(samples)
        var fundamental = expected
        var weightedSum = 0.0
        var weights = 0.0
        var strongest = 0.0
        var used = 0
        for harmonic in 1...maxHarmonics {
            let nominal = fundamental * Double(harmonic)
            guard nominal < min(maxHarmonicFrequency, sampleRate * 0.45) else { break }
            let (hertz, energy) = Self.peak(windowed, near: nominal, sampleRate: sampleRate)
            strongest = max(strongest, energy)
            guard energy > 0, energy >= energyFloor * strongest else { continue }
            weightedSum += energy * hertz / Double(harmonic)
            weights += energy
            used += 1
            fundamental = weightedSum / weights
        }
        guard weights > 0 else { return nil }
        return Estimate(hertz: weightedSum / weights, harmonics: used)
    }

    /// A Tukey window (cosine tapers over the first and last eighth), applied in Double.
    static func tukey(_ samples: [Float]) -> [Double] {
        let count = samples.count
        let taper = max(1, count / 8)
        var out = [Double](repeating: 0, count: count)
        samples.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                for index in 0..<count {
                    var weight = 1.0
                    let edge = min(index, count - 1 - index)
                    if edge < taper { weight = 0.5 - 0.5 * cos(Double.pi * Double(edge) / Double(taper)) }
                    output[index] = Double(input[index]) * weight
                }
            }
        }
        return out
    }

    /// The spectral peak near `start` hertz and its energy: three Newton steps on |X(ω)|².
    static func peak(_ windowed: [Double], near start: Double, sampleRate: Double) -> (hertz: Double, energy: Double) {
        var omega = 2 * Double.pi * start / sampleRate
        var energy = 0.0
        let maxStep = 2 * Double.pi / Double(windowed.count)  // one bin: stay inside the main lobe
        for _ in 0..<3 {
            let sums = Self.sums(windowed, omega: omega)
            energy = sums.s0re * sums.s0re + sums.s0im * sums.s0im
            // X(ω+δ) ≈ S0 − iδS1 − δ²S2/2; maximise |X|².
            let slope = 2 * (sums.s0re * sums.s1im - sums.s0im * sums.s1re)
            let curvature = 2 * (sums.s1re * sums.s1re + sums.s1im * sums.s1im
                - sums.s0re * sums.s2re - sums.s0im * sums.s2im)
            guard curvature < 0 else { break }
            let step = max(-maxStep, min(maxStep, -slope / curvature))
            omega += step
            if abs(step) < 1e-13 { break }
        }
        return (omega * sampleRate / (2 * Double.pi), energy)
    }

    /// S_k = Σ x[n]·t^k·e^{−iωt}, t = n − centre, for k = 0, 1, 2.
    static func sums(_ windowed: [Double], omega: Double) -> (s0re: Double, s0im: Double, s1re: Double, s1im: Double, s2re: Double, s2im: Double) {
        let count = windowed.count
        let centre = Double(count - 1) / 2
        var s0re = 0.0, s0im = 0.0, s1re = 0.0, s1im = 0.0, s2re = 0.0, s2im = 0.0
        let stepRe = cos(omega), stepIm = -sin(omega)
        windowed.withUnsafeBufferPointer { x in
            // Restart the rotating phasor exactly every block, so its rounding error cannot grow.
            var blockStart = 0
            while blockStart < count {
                let blockEnd = min(count, blockStart + 4096)
                var re = cos(omega * (Double(blockStart) - centre))
                var im = -sin(omega * (Double(blockStart) - centre))
                var t = Double(blockStart) - centre
                for index in blockStart..<blockEnd {
                    let value = x[index]
                    let yre = value * re, yim = value * im
                    s0re += yre; s0im += yim
                    let tyre = t * yre, tyim = t * yim
                    s1re += tyre; s1im += tyim
                    s2re += t * tyre; s2im += t * tyim
                    let nextRe = re * stepRe - im * stepIm
                    im = re * stepIm + im * stepRe
                    re = nextRe
                    t += 1
                }
                blockStart = blockEnd
            }
        }
        return (s0re, s0im, s1re, s1im, s2re, s2im)
    }
}

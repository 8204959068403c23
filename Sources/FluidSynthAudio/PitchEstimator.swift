import Foundation

/// Measures the pitch of a harmonic tone from several of its harmonics, to a small fraction of a
/// cent: what the calibration and the pitch tests both use.
///
/// Each harmonic h is shifted down to 0 Hz from h·f (f the estimate so far), low-passed by a
/// triangular filter two periods long (its zeros sit on the other harmonics) and decimated to one
/// value per period; the mean phase step between neighbouring values (the pulse-pair estimate) is
/// the harmonic's energy-weighted mean frequency over the whole span. The fundamental is the
/// energy-weighted mean of f_h / h. A cello's weak fundamental fools a plain FFT peak pick, and the
/// recorded vibrato of some samples gives a spectrum with several peaks; a mean frequency has
/// neither problem, and it is the pitch over the whole sounding part, drift included.
public struct PitchEstimator: Sendable {
    /// The most harmonics used.
    public var maxHarmonics: Int
    /// Harmonics above this frequency are left out.
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

    /// The fundamental of `samples` (mono) near `expected` hertz, which must be within about a
    /// quarter tone of the truth; guesses that round to the same semitone give the same answer.
    /// Nil when the signal is silent or shorter than four periods.
    ///
    /// A first pass starts from the nearest equal-tempered semitone rather than from `expected`
    /// itself, so that the answer depends on the signal alone, not on the caller's guess (with
    /// the guess, a drifting cello note read up to 0.17 c apart for guesses 6 c apart, so a
    /// calibration and a check that guessed differently disagreed). A second pass starts from the
    /// first one's answer, so that the filters' zeros sit on the harmonics actually sounding.
    public func estimate(_ samples: [Float], sampleRate: Double, expected: Double) -> Estimate? {
        precondition(expected > 0 && sampleRate > 0, "frequencies must be positive")
        let anchor = 440 * exp2((12 * log2(expected / 440)).rounded() / 12)
        guard let first = pass(samples, sampleRate: sampleRate, from: anchor) else { return nil }
        return pass(samples, sampleRate: sampleRate, from: first.hertz)
    }

    /// One estimate whose filters are tuned to `start` hertz.
    func pass(_ samples: [Float], sampleRate: Double, from start: Double) -> Estimate? {
        let period = max(2, Int((sampleRate / start).rounded()))
        guard samples.count >= 4 * period else { return nil }
        var fundamental = start
        var weightedSum = 0.0
        var weights = 0.0
        var strongest = 0.0
        var used = 0
        for harmonic in 1...maxHarmonics {
            let nominal = fundamental * Double(harmonic)
            guard nominal < min(maxHarmonicFrequency, sampleRate * 0.45) else { break }
            let (hertz, energy) = Self.meanFrequency(samples, near: nominal, period: period, sampleRate: sampleRate)
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

    /// The energy-weighted mean frequency of the component near `nominal`, and its energy.
    static func meanFrequency(_ samples: [Float], near nominal: Double, period: Int, sampleRate: Double) -> (hertz: Double, energy: Double) {
        let blocks = samples.count / period
        var outRe = [Double](repeating: 0, count: blocks + 1)
        var outIm = [Double](repeating: 0, count: blocks + 1)
        let omega = 2 * Double.pi * nominal / sampleRate
        let stepRe = cos(omega), stepIm = -sin(omega)
        samples.withUnsafeBufferPointer { x in
            outRe.withUnsafeMutableBufferPointer { yRe in
                outIm.withUnsafeMutableBufferPointer { yIm in
                    for block in 0..<blocks {
                        // Restart the rotating phasor exactly at every block: no rounding drift.
                        let start = block * period
                        var re = cos(omega * Double(start)), im = -sin(omega * Double(start))
                        var risingRe = 0.0, risingIm = 0.0, fallingRe = 0.0, fallingIm = 0.0
                        for offset in 0..<period {
                            let value = Double(x[start + offset])
                            let zRe = value * re, zIm = value * im
                            // The triangle's rising half belongs to this output, the falling half to the previous one.
                            let rising = Double(offset + 1), falling = Double(period - 1 - offset)
                            risingRe += rising * zRe; risingIm += rising * zIm
                            fallingRe += falling * zRe; fallingIm += falling * zIm
                            let nextRe = re * stepRe - im * stepIm
                            im = re * stepIm + im * stepRe
                            re = nextRe
                        }
                        yRe[block + 1] += risingRe; yIm[block + 1] += risingIm
                        yRe[block] += fallingRe; yIm[block] += fallingIm
                    }
                }
            }
        }
        // Outputs 1..<blocks have both halves; the two ends are partial and left out.
        var pairRe = 0.0, pairIm = 0.0, energy = 0.0
        for index in 1..<(blocks - 1) {
            let (aRe, aIm) = (outRe[index], outIm[index])
            let (bRe, bIm) = (outRe[index + 1], outIm[index + 1])
            pairRe += bRe * aRe + bIm * aIm
            pairIm += bIm * aRe - bRe * aIm
            energy += aRe * aRe + aIm * aIm
        }
        guard energy > 0 else { return (nominal, 0) }
        let offset = atan2(pairIm, pairRe) / (2 * Double.pi) * sampleRate / Double(period)
        return (nominal + offset, energy)
    }
}

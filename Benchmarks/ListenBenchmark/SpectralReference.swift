import Foundation

/// The reference pitch of a note, measured from the file by a method that shares nothing with the
/// tracker: the power-weighted centroid of each partial in a zero-padded spectrum of the steady span.
///
/// The span is levelled first (each sample divided by the RMS of the 40 ms around it), so every
/// moment counts the same: FluidR3's samples drift, its cello A2 reads +3.8 c over 0.1–0.5 s and
/// −3.5 c over 0.6–1.2 s, louder, and the raw span would lean to the loud part. Then, Hann-windowed
/// and zero-padded to 2²⁰ points, each partial k under 4 kHz is the centroid of the power within
/// ±0.4 f₀ of k·f₀ (bins within 50 dB of the band's peak): a partial's power centroid is its mean
/// instantaneous frequency, so a vibrato recorded in the sample itself (FluidR3's violin and choir
/// have one; the peak of such a partial is a side band, ±15 c off) counts as its centre, as it does
/// for a listener. f₀ is the mean of centroid/k weighted by power × k², as a period's estimate
/// weighs the partials. f₀ to start from is the peak of the harmonic sum within ±70 c of what was
/// asked for (`harmonicPeak`). The same centroid over short windows (60 ms, or 8 periods) 10 ms
/// apart is the pitch moment by moment, and the note's pitch is its mean, over whole cycles when
/// it swings like a vibrato: the samples' own vibrato is irregular, and a mean over a fixed span
/// leans by up to a sixth of its width per part of a cycle. Whole cycles count only when they
/// span the note (reaching within one and a half cycles of either end): the choir's C♯4 sample
/// wanders 25 c flat for a quarter of a second and then holds, and its crossings, bunched in that
/// stretch, once made the reference that stretch alone: its C♯4–D♯4 read 11–13 c under the
/// note's mean.
enum SpectralReference {
    static func measure(_ samples: [Float], rate: Double, from start: Double, to end: Double, nominal: Double) -> Double {
        let first = max(0, Int(start * rate))
        let last = min(samples.count, Int(end * rate))
        let half = Int(0.02 * rate)
        var levelled = [Float](repeating: 0, count: last - first)
        var squares = 0.0
        var low = max(0, first - half), high = low
        for i in first..<last {
            while high < min(samples.count, i + half) { squares += Double(samples[high]) * Double(samples[high]); high += 1 }
            while low < i - half { squares -= Double(samples[low]) * Double(samples[low]); low += 1 }
            let rms = (max(squares, 1e-20) / Double(high - low)).squareRoot()
            levelled[i - first] = Float(Double(samples[i]) / rms)
        }
        let start = harmonicPeak(levelled, rate: rate, from: 0, to: Double(levelled.count) / rate, nominal: nominal)
        let whole = centroid(levelled[...], rate: rate, near: start)
        // The pitch moment by moment: the same centroid over short windows, 10 ms apart.
        let length = Int(max(0.06, 8 / whole) * rate)
        var track: [Double] = []
        var at = 0
        while at + length <= levelled.count {
            track.append(1200 * log2(centroid(levelled[at..<(at + length)], rate: rate, near: whole, size: 1 << 15) / whole))
            at += Int(0.01 * rate)
        }
        return whole * pow(2, centreOverWholeCycles(track) / 1200)
    }

    /// The mean of a pitch track in cents; when it swings like a vibrato (a standard deviation of
    /// 8 c or more), over whole cycles: from its first to its last upward crossing of the mean.
    /// What "the centre of a vibrato" means, for the reference as for the tracker.
    static func centreOverWholeCycles(_ track: [Double]) -> Double {
        guard !track.isEmpty else { return 0 }
        var centre = track.reduce(0, +) / Double(track.count)
        for _ in 0..<2 {
            let spread = (track.reduce(0) { $0 + ($1 - centre) * ($1 - centre) } / Double(track.count)).squareRoot()
            var span = track[...]
            if spread >= 8 {
                var upward: [Int] = []
                var below = false
                for (i, value) in track.enumerated() {
                    if value - centre < -spread / 2 {
                        below = true
                    } else if value - centre > spread / 2 && below {
                        below = false
                        upward.append(i)
                    }
                }
                if let first = upward.first, let last = upward.last, last - first >= 10 {
                    let cycle = Double(last - first) / Double(upward.count - 1)
                    if Double(first) <= 1.5 * cycle && Double(track.count - 1 - last) <= 1.5 * cycle { span = track[first..<last] }
                }
            }
            centre = span.reduce(0, +) / Double(span.count)
        }
        return centre
    }

    static func centroid(_ samples: ArraySlice<Float>, rate: Double, near f0: Double, size: Int = 1 << 20) -> Double {
        let count = samples.count
        let first = samples.startIndex
        let windowed = (0..<count).map { Double(samples[first + $0]) * (0.5 - 0.5 * cos(2 * .pi * Double($0) / Double(count - 1))) }
        let power = FFT.power(of: windowed, size: size)
        let binHertz = rate / Double(size)
        var weighted = 0.0, weights = 0.0
        var k = 1.0
        while k * f0 <= 4_000 {
            let low = Int(((k - 0.4) * f0 / binHertz).rounded(.up)), high = Int(((k + 0.4) * f0 / binHertz).rounded(.down))
            let band = power[low...high]
            let floor = (band.max() ?? 0) * 1e-5
            var sum = 0.0, moment = 0.0
            for bin in band.indices where power[bin] >= floor {
                sum += power[bin]
                moment += power[bin] * Double(bin) * binHertz
            }
            if sum > 0 {
                weighted += sum * k * k * (moment / sum / k)
                weights += sum * k * k
            }
            k += 1
        }
        return weighted / weights
    }

    static func harmonicPeak(_ samples: [Float], rate: Double, from start: Double, to end: Double, nominal: Double) -> Double {
        let first = max(0, Int(start * rate))
        let last = min(samples.count, Int(end * rate))
        let count = last - first
        var windowed = [Double](repeating: 0, count: count)
        for i in 0..<count {
            let hann = 0.5 - 0.5 * cos(2 * .pi * Double(i) / Double(count - 1))
            windowed[i] = Double(samples[first + i]) * hann
        }
        func energy(_ cents: Double) -> Double {
            let f = nominal * pow(2, cents / 1200)
            var sum = 0.0
            var k = 1.0
            while k <= 10 && k * f <= min(5_000, rate * 0.45) {
                sum += goertzelPower(windowed, frequency: k * f / rate)
                k += 1
            }
            return sum
        }
        var best = -70.0
        var bestEnergy = -1.0
        for cents in stride(from: -70.0, through: 70.0, by: 2.0) {
            let e = energy(cents)
            if e > bestEnergy { (best, bestEnergy) = (cents, e) }
        }
        // Golden-section search for the maximum within ±2 c of the grid's best.
        let ratio = (5.0.squareRoot() - 1) / 2
        var (a, b) = (best - 2, best + 2)
        var c = b - ratio * (b - a)
        var d = a + ratio * (b - a)
        var (ec, ed) = (energy(c), energy(d))
        while b - a > 0.001 {
            if ec > ed {
                (b, d, ed) = (d, c, ec)
                c = b - ratio * (b - a)
                ec = energy(c)
            } else {
                (a, c, ec) = (c, d, ed)
                d = a + ratio * (b - a)
                ed = energy(d)
            }
        }
        return nominal * pow(2, (a + b) / 2 / 1200)
    }

    /// |X(ν)|² of `x` at `frequency` cycles a sample.
    static func goertzelPower(_ x: [Double], frequency: Double) -> Double {
        let coefficient = 2 * cos(2 * .pi * frequency)
        var s1 = 0.0, s2 = 0.0
        for value in x {
            let s = value + coefficient * s1 - s2
            s2 = s1
            s1 = s
        }
        return s1 * s1 + s2 * s2 - coefficient * s1 * s2
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Turns a stream of samples into about 200 pitch frames a second.
///
/// The input is high-passed at 40 Hz (no DC) and low-passed at 0.3 × the analysis rate, then kept
/// at its own rate for the fine search and decimated to about 11–16 kHz for the coarse one: the
/// period is found among every lag of the decimated window (McLeod's normalised square difference
/// and its first key maximum near the highest), then found again at the full rate among the few
/// lags around it, where a cosine-corrected parabola gives the fraction of a sample.
public struct PitchFrameAnalyzer: Sendable {
    /// The input's sample rate, in hertz.
    public let sampleRate: Double
    /// The frequencies looked for.
    public let range: PitchRange
    /// Input samples per decimated sample.
    let decimation: Int
    /// Decimated samples per frame.
    let hop: Int
    /// Decimated samples per window: whole hops, at least two of the longest period.
    let window: Int
    /// The longest lag searched, in decimated samples.
    let longestLag: Int
    /// The shortest lag accepted, in decimated samples.
    let shortestLag: Double
    /// A key maximum at least this fraction of the highest is taken, the first such one.
    let keyMaximumThreshold: Float = 0.9
    /// The fine search's window made finer, when the input is below 32 kHz.
    let upsampler: Upsampler
    /// Input samples kept for the fine search: its window and the upsampler's context.
    let fineInput: Int

    private var highPass: Biquad
    private var lowPass: (Biquad, Biquad)
    private var full: [Float]
    private var coarse: [Float]
    private var hopEnergies: [Double]
    private var energyIndex = 0
    private var hopEnergy = 0.0
    private var phase = 0
    private var hopFill = 0
    private var samplesRead = 0
    private var lagValues: [Float]
    private var prefixSquares: [Double]
    private var fine: [Float]

    /// An analyser for a stream at `sampleRate` hertz (8 kHz…192 kHz).
    public init(sampleRate: Double, range: PitchRange = .voicesAndStrings) throws(PitchTrackerError) {
        guard sampleRate >= 8_000 && sampleRate <= 192_000 else { throw .sampleRateOutOfRange(sampleRate) }
        self.sampleRate = sampleRate
        self.range = range
        decimation = max(1, Int(sampleRate / 11_025))
        let analysisRate = sampleRate / Double(decimation)
        hop = Int((analysisRate / 200).rounded())
        longestLag = Int((analysisRate / range.lowest).rounded(.up))
        shortestLag = analysisRate / range.highest
        let hops = (2 * longestLag + hop - 1) / hop
        window = hops * hop
        highPass = .highPass(cutoff: 40, q: 0.707, sampleRate: sampleRate)
        let cutoff = 0.3 * analysisRate
        lowPass = (
            .lowPass(cutoff: cutoff, q: butterworthFourthOrderQ.0, sampleRate: sampleRate),
            .lowPass(cutoff: cutoff, q: butterworthFourthOrderQ.1, sampleRate: sampleRate)
        )
        upsampler = Upsampler(factor: max(1, Int((32_000 / sampleRate).rounded(.up))))
        fineInput = window * decimation + (upsampler.factor > 1 ? 2 * upsampler.halfWidth : 0)
        full = Array(repeating: 0, count: fineInput)
        full.reserveCapacity(2 * fineInput + 1)
        fine = Array(repeating: 0, count: window * decimation * upsampler.factor)
        coarse = Array(repeating: 0, count: window)
        coarse.reserveCapacity(2 * window + 1)
        hopEnergies = Array(repeating: 0, count: hops)
        lagValues = Array(repeating: 0, count: longestLag + 2)
        prefixSquares = Array(repeating: 0, count: window * decimation * upsampler.factor + 1)
    }

    /// Seconds between frames.
    public var framePeriod: Double { Double(hop * decimation) / sampleRate }

    /// The window's length in seconds: a frame describes the window ending at its time plus half this.
    public var windowDuration: Double { Double(window * decimation) / sampleRate }

    /// Seconds of input read so far.
    public var timeRead: Double { Double(samplesRead) / sampleRate }

    /// Reads `samples` (full scale ±1) and calls `body` with each frame completed.
    public mutating func analyze(_ samples: UnsafeBufferPointer<Float>, _ body: (PitchFrame) -> Void) {
        for sample in samples {
            let clean = highPass(Double(sample))
            hopEnergy += clean * clean
            let low = Float(lowPass.1(lowPass.0(clean)))
            full.append(low)
            samplesRead += 1
            phase += 1
            guard phase == decimation else { continue }
            phase = 0
            coarse.append(low)
            hopFill += 1
            guard hopFill == hop else { continue }
            hopFill = 0
            body(nextFrame())
        }
    }

    /// Reads `samples` (full scale ±1) and calls `body` with each frame completed.
    public mutating func analyze(_ samples: [Float], _ body: (PitchFrame) -> Void) {
        samples.withUnsafeBufferPointer { analyze($0, body) }
    }

    private mutating func nextFrame() -> PitchFrame {
        let fullWindow = window * decimation
        if full.count >= 2 * fineInput { full.removeFirst(full.count - fineInput) }
        if coarse.count >= 2 * window { coarse.removeFirst(coarse.count - window) }
        hopEnergies[energyIndex] = hopEnergy
        energyIndex = (energyIndex + 1) % hopEnergies.count
        hopEnergy = 0
        let meanSquare = hopEnergies.reduce(0, +) / Double(fullWindow)
        let level = meanSquare > 0 ? 10 * log10(meanSquare) : -Double.infinity
        let time = Double(samplesRead - fullWindow / 2) / sampleRate
        let end = Double(samplesRead) / sampleRate
        guard level > -90, let (period, clarity) = period() else {
            return PitchFrame(time: time, windowEnd: end, frequency: nil, clarity: 0, level: level)
        }
        return PitchFrame(time: time, windowEnd: end, frequency: sampleRate / period, clarity: clarity, level: level)
    }

    /// The period in input samples and its clarity, or nil when the window is not periodic in range.
    private mutating func period() -> (Double, Double)? {
        guard let coarseLag = coarsePeriod() else { return nil }
        let factor = Double(upsampler.factor)
        guard let (period, clarity) = finePeriod(near: coarseLag * Double(decimation) * factor) else { return nil }
        return (period / factor, clarity)
    }

    /// The first key maximum of n(τ) at least `keyMaximumThreshold` of the highest, in decimated samples.
    private mutating func coarsePeriod() -> Double? {
        let size = window
        let lags = longestLag + 2
        coarse.withUnsafeBufferPointer { all in
            let recent = UnsafeBufferPointer(rebasing: all[(all.count - size)...])
            lagValues.withUnsafeMutableBufferPointer { SquareDifference.normalised(recent, into: $0) }
        }
        return lagValues.withUnsafeBufferPointer { n -> Double? in
            var lag = 1
            while lag < lags && n[lag] > 0 { lag += 1 }  // past the lobe around lag 0
            var keyMaxima: [(lag: Double, value: Float)] = []
            var highest: Float = 0
            while lag < lags - 1 {
                while lag < lags - 1 && n[lag] <= 0 { lag += 1 }
                var best = lag
                while lag < lags - 1 && n[lag] > 0 {
                    if n[lag] > n[best] { best = lag }
                    lag += 1
                }
                // A region still rising where the lags end is no key maximum.
                guard n[best] > 0, best < lags - 1, n[best] >= n[best + 1] else { break }
                // Compared by their interpolated heights: at 12 kHz C6's period is 11.5 samples,
                // and a peak sampled half a lag off its top reads low enough to lose to the octave below.
                let (offset, height) = PeakInterpolation.parabolic(
                    left: Double(n[best - 1]), centre: Double(n[best]), right: Double(n[best + 1]))
                keyMaxima.append((Double(best) + offset, Float(height)))
                highest = max(highest, Float(height))
            }
            guard let chosen = keyMaxima.first(where: { $0.value >= keyMaximumThreshold * highest }) else { return nil }
            let period = chosen.lag
            return period >= shortestLag ? period : nil
        }
    }

    /// The peak of n(τ) at the full rate (made finer when below 32 kHz) nearest `estimate`, in
    /// samples of that rate, and its height.
    private mutating func finePeriod(near estimate: Double) -> (Double, Double)? {
        let size = window * decimation * upsampler.factor
        if upsampler.factor > 1 {
            full.withUnsafeBufferPointer { all in
                let input = UnsafeBufferPointer(rebasing: all[(all.count - fineInput)...])
                fine.withUnsafeMutableBufferPointer { upsampler.upsample(input, into: $0) }
            }
        } else {
            fine.replaceSubrange(0..<size, with: full[(full.count - size)...])
        }
        let steps = 2 * decimation * upsampler.factor + 4
        return fine.withUnsafeBufferPointer { recent -> (Double, Double)? in
            prefixSquares.withUnsafeMutableBufferPointer { prefix in
                var sum = 0.0
                prefix[0] = 0
                for (i, x) in recent.enumerated() {
                    sum += Double(x) * Double(x)
                    prefix[i + 1] = sum
                }
            }
            return prefixSquares.withUnsafeBufferPointer { prefix -> (Double, Double)? in
                func n(_ lag: Int) -> Double { SquareDifference.normalised(recent, lag: lag, prefixSquares: prefix) }
                let highestLag = size / 2 + decimation * upsampler.factor
                var lag = min(max(Int(estimate.rounded()), 2), highestLag)
                var (left, centre, right) = (n(lag - 1), n(lag), n(lag + 1))
                for _ in 0..<steps {
                    if left > centre && lag > 2 {
                        (right, centre) = (centre, left)
                        lag -= 1
                        left = n(lag - 1)
                    } else if right > centre && lag < highestLag {
                        (left, centre) = (centre, right)
                        lag += 1
                        right = n(lag + 1)
                    } else {
                        break
                    }
                }
                let (offset, height) = PeakInterpolation.parabolic(left: left, centre: centre, right: right)
                let corrected = PeakInterpolation.cosineCorrected(offset: offset, period: Double(lag) + offset)
                return (Double(lag) + corrected, min(height, 1))
            }
        }
    }
}

import Glibc

/// A sine fitted to evenly spaced values by least squares: `centre + depth · sin(2π · rate · t + φ)`,
/// the rate the best of a grid. A vibrato's centre is the fit's centre well before one whole cycle
/// has come, where the mean over the frames is still pulled towards the half cycle heard.
struct SineFit {
    /// The middle of the swing.
    let centre: Double
    /// How far it swings each way.
    let depth: Double
    /// Cycles per second.
    let rate: Double
    /// Where in its cycle the sine starts, in cycles (0 ..< 1): 0 rising through the centre, a
    /// quarter at its crest.
    let phase: Double
    /// The root mean square of what the sine leaves of the values.
    let residual: Double

    /// The sine at a rate within `rates` (cycles per second, to a `step`) that leaves least of
    /// `values` (`period` seconds apart), or nil for fewer than four values. The rates are tried
    /// five steps apart, then step by step around the best: over a cycle or so the residual
    /// changes slowly with the rate.
    static func best(_ values: ArraySlice<Double>, period: Double, rates: ClosedRange<Double>, step: Double) -> SineFit? {
        guard values.count >= 4 else { return nil }
        let count = Double(values.count)
        let mean = values.reduce(0, +) / count
        let squares = values.reduce(0.0) { $0 + ($1 - mean) * ($1 - mean) }
        var best: SineFit?
        func tryRates(_ tried: StrideThrough<Double>) {
            for rate in tried where rates.contains(rate) {
                guard let fit = fit(values, mean: mean, squares: squares, step: 2 * .pi * rate * period) else { continue }
                let residual = (max(0, squares - fit.explained) / count).squareRoot()
                if residual < best?.residual ?? .infinity {
                    best = SineFit(centre: mean + fit.offset, depth: fit.depth, rate: rate, phase: fit.phase, residual: residual)
                }
            }
        }
        tryRates(stride(from: rates.lowerBound, through: rates.upperBound + step / 2, by: 5 * step))
        guard let coarse = best?.rate else { return nil }
        tryRates(stride(from: coarse - 4 * step, through: coarse + 4 * step + step / 2, by: step))
        return best
    }

    /// Where the sine's crest and trough first come from its first value on, in cycles (0 ..< 1).
    var turns: (crest: Double, trough: Double) {
        func ahead(_ cycles: Double) -> Double { cycles - cycles.rounded(.down) }
        return (ahead(0.25 - phase), ahead(0.75 - phase))
    }

    /// The least squares of `values − mean` on 1, sin and cos of `step` radians a value: the
    /// offset, the sine's depth and phase (in cycles), and the sum of squares it explains. Nil when the three cannot
    /// be told apart (too few values for the rate).
    private static func fit(_ values: ArraySlice<Double>, mean: Double, squares: Double, step: Double)
        -> (offset: Double, depth: Double, phase: Double, explained: Double)?
    {
        var (sine, cosine) = (0.0, 1.0)
        let (turnSine, turnCosine) = (sin(step), cos(step))
        var s = 0.0, c = 0.0, ss = 0.0, cc = 0.0, sc = 0.0, y = 0.0, ys = 0.0, yc = 0.0
        for value in values {
            let v = value - mean
            s += sine; c += cosine
            ss += sine * sine; cc += cosine * cosine; sc += sine * cosine
            y += v; ys += v * sine; yc += v * cosine
            (sine, cosine) = (sine * turnCosine + cosine * turnSine, cosine * turnCosine - sine * turnSine)
        }
        let n = Double(values.count)
        // The normal equations [n s c; s ss sc; c sc cc] · (k, a, b) = (y, ys, yc), by Cramer's rule.
        let determinant = n * (ss * cc - sc * sc) - s * (s * cc - sc * c) + c * (s * sc - ss * c)
        guard abs(determinant) > 1e-9 * n * n * n else { return nil }
        let k = (y * (ss * cc - sc * sc) - s * (ys * cc - sc * yc) + c * (ys * sc - ss * yc)) / determinant
        let a = (n * (ys * cc - yc * sc) - y * (s * cc - sc * c) + c * (s * yc - ys * c)) / determinant
        let b = (n * (ss * yc - sc * ys) - s * (s * yc - ys * c) + y * (s * sc - ss * c)) / determinant
        let phase = atan2(b, a) / (2 * .pi)  // a·sin + b·cos = depth·sin(step·i + 2π·phase)
        return (k, (a * a + b * b).squareRoot(), phase - phase.rounded(.down), k * y + a * ys + b * yc)
    }
}

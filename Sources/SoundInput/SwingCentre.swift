import PitchTracking

/// The centre of a pitch that swings like a vibrato, well before one whole cycle of it has been
/// heard. A vibrato never holds within a few cents for long, so without this a note sung with one
/// waits for the longest wait and is heard by the median of all it sang.
///
/// - Once a crest and a trough have both been heard, a sine fitted to the frames (`SineFit`, a
///   rate of 3.5 to 8 a second) gives the centre, when the sine is the frames' shape: it leaves
///   little of them, swings at least `leastSpread` each way, and both its crest and its trough lie
///   inside the frames, `turnMargin` of a cycle from either end. That is 0.6 to 1.1 cycles after
///   the attack, by the phase it began in. One turn is not enough: a hump from one crossing of the
///   centre to the next is as well fitted by a quicker sine about a centre nearer its crest (by
///   5–7 c on a ±15 c vibrato). A choir's quicker wobble after its attack, a drift, a scoop are none.
/// - Failing that, once one whole cycle has come, the mean over it: from a crossing of the frames'
///   median to the next crossing the same way, two crossings later (each past half the swing's
///   spread, as hysteresis), whatever the median's bias while the first cycle is still coming in.
///
/// A crest or a trough of a vibrato holds within a few cents for as long as a settled note does:
/// `turns(_:)` tells such a window, which is not the note's pitch.
enum SwingCentre {
    /// A swing of at least this spread (the root mean square of its distances from the median),
    /// in cents, may be a vibrato; a fitted sine must swing this far each way.
    static let leastSpread = 8.0
    /// A vibrato's cycles per second.
    static let rates = 3.5...8.0
    /// The steps of rate a sine is fitted at, in cycles per second.
    static let rateStep = 0.1
    /// The least a fit is made over, in seconds.
    static let shortestFit = 0.1
    /// What a fitted sine may leave of the frames (the root mean square), in cents or as a part
    /// of its depth, whichever is more.
    static let fitResidual = (cents: 3.0, ofDepth: 0.2)
    /// How far inside the frames a fitted sine's crest and trough must be, in cycles.
    static let turnMargin = 0.05
    /// A window whose parabola turns inside it and bends this far at its ends, in cents, is a
    /// crest or a trough.
    static let crestBend = 6.0

    /// The centre of `cents` (frames `framePeriod` seconds apart), or nil when they do not yet
    /// show a vibrato's.
    static func centre(of cents: [Double], framePeriod: Double) -> Double? {
        fitted(cents, framePeriod: framePeriod) ?? wholeCycle(cents, framePeriod: framePeriod)
    }

    /// The centre of a sine fitted to `cents`, when it is their shape.
    static func fitted(_ cents: [Double], framePeriod: Double) -> Double? {
        // A swing of `leastSpread` each way whose crest and trough were heard spans about twice
        // that: frames that span less are no such swing, and are not fitted.
        guard Double(cents.count) * framePeriod >= shortestFit,
            let low = cents.min(), let high = cents.max(), high - low >= 1.5 * leastSpread,
            let fit = SineFit.best(cents[...], period: framePeriod, rates: rates, step: rateStep),
            fit.depth >= leastSpread,
            fit.rate > rates.lowerBound + rateStep / 2, fit.rate < rates.upperBound - rateStep / 2,
            fit.residual <= max(fitResidual.cents, fitResidual.ofDepth * fit.depth)
        else { return nil }
        let cycles = Double(cents.count - 1) * framePeriod * fit.rate
        // A crest or a trough comes at `turn` plus whole cycles: the first at or past the margin.
        let inside = { (turn: Double) in turn + (turnMargin - turn).rounded(.up) <= cycles - turnMargin }
        guard inside(fit.turns.crest), inside(fit.turns.trough) else { return nil }
        return fit.centre
    }

    /// The mean over the last whole cycle of `cents`, when they hold one of a vibrato's.
    static func wholeCycle(_ cents: [Double], framePeriod: Double) -> Double? {
        guard Double(cents.count) * framePeriod >= 1 / rates.upperBound else { return nil }
        let median = Cents.median(cents)
        let meanSquare = cents.reduce(0.0) { $0 + ($1 - median) * ($1 - median) } / Double(cents.count)
        let spread = meanSquare.squareRoot()
        guard spread >= leastSpread else { return nil }
        let crossings = Cents.crossings(cents, around: median, hysteresis: spread / 2)
        guard crossings.count >= 3 else { return nil }
        let (start, end) = (crossings[crossings.count - 3], crossings[crossings.count - 1])
        let seconds = Double(end - start) * framePeriod
        guard seconds >= 1 / rates.upperBound, seconds <= 1 / rates.lowerBound else { return nil }
        return cents[start..<end].reduce(0, +) / Double(end - start)
    }

    /// Whether `window` is a crest or a trough: the parabola fitted to it turns inside it, and
    /// its ends are `crestBend` or more from its turn.
    static func turns(_ window: some Collection<Double>) -> Bool {
        guard window.count >= 3 else { return false }
        let half = Double(window.count - 1) / 2
        var t2 = 0.0, t4 = 0.0, y = 0.0, ty = 0.0, t2y = 0.0
        for (index, value) in window.enumerated() {
            let t = Double(index) - half
            t2 += t * t; t4 += t * t * t * t; y += value; ty += t * value; t2y += t * t * value
        }
        let n = Double(window.count)
        let bend = (t2y - t2 * y / n) / (t4 - t2 * t2 / n)  // the parabola's t² term
        let slope = ty / t2
        guard bend != 0 else { return false }
        return abs(slope / (2 * bend)) <= half && abs(bend) * half * half >= crestBend
    }
}

import PitchTracking

/// The centre of a pitch that swings like a vibrato, as soon as one whole cycle of it has been
/// heard: the mean over the frames of its last whole cycle, which is the centre whatever the
/// phase. A vibrato never holds within a few cents for long, so without this a note sung with one
/// waits for the longest wait and is heard by the median of all it sang.
///
/// The cycle runs from a crossing of the frames' median to the next crossing the same way, two
/// crossings later (each crossing past half the swing's spread, as hysteresis): one
/// period, whatever the median's bias while the first cycle is still coming in. It must be a
/// vibrato's, 3.5 to 8 a second: a choir's quicker wobble after its attack is none.
enum SwingCentre {
    /// A swing of at least this spread (the root mean square of its distances from the median),
    /// in cents, may be a vibrato.
    static let leastSpread = 8.0
    /// A vibrato's cycles per second.
    static let rates = 3.5...8.0

    /// The mean over the last whole cycle of `cents` (frames `framePeriod` seconds apart), or nil
    /// when they do not yet hold one whole cycle of a vibrato.
    static func centre(of cents: [Double], framePeriod: Double) -> Double? {
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
}

/// The pitch of a finished note: the centre of its stable part.
///
/// The stable part starts after the attack (the first `attackFrames`) and the scoop: at the first
/// frame that reaches the centre (within `reachedCents`) or crosses it, so a glide into the note
/// is left out while a vibrato's first swing is kept. It ends the same way, read from the end:
/// the glide into the next note played legato, and the release, are left out too. Over the stable
/// part the centre is the mean, with frames further than `outlierCents` away (an octave slip) left
/// out. When the pitch swings like a vibrato (a standard deviation of `vibratoCents` or more), it
/// is the mean of the pitch averaged over one cycle at a time (the cycle: twice the mean spacing of
/// its crossings of the centre). Each such average is the vibrato's centre whatever its phase,
/// so the part cycles at the ends count no more than their share, where a plain mean leans by up
/// to a sixth of the vibrato's width per cycle missed. No crossing is chosen as an edge: a swing
/// that is no vibrato (a choir's slow wander, a vibrato whose centre moves) is averaged over the
/// whole stable part, its ends weighed down over one of its "cycles". It is found twice, the
/// second time around the first answer.
struct NoteCentre {
    /// Frames always left out at the start, when the note is long enough to spare them.
    var attackFrames = 6
    /// How near the centre the pitch must come for the stable part to begin.
    var reachedCents = 5.0
    /// Frames this far from the centre are not counted.
    var outlierCents = 90.0
    /// A swing of at least this standard deviation is a vibrato, averaged one cycle at a time.
    var vibratoCents = 8.0
    /// The swing's cycle is measured when its first and last crossings are at least this many
    /// frames apart.
    var crossingSpanFrames = 10

    /// The centre in cents and the index of the first frame of the stable part.
    func centre(of cents: [Double]) -> (cents: Double, stableStart: Int) {
        precondition(!cents.isEmpty, "a note has frames")
        var centre = Cents.median(cents[(cents.count / 3)...])
        var start = 0
        for _ in 0..<2 {
            start = stableEdge(cents, around: centre, from: cents.indices)
            let end = stableEdge(cents, around: centre, from: cents.indices.reversed().filter { $0 >= start })
            centre = mean(cents[start...end], around: centre)
        }
        return (centre, start)
    }

    /// The first index in `order` that reaches or crosses the centre, after the attack's frames.
    private func stableEdge(_ cents: [Double], around centre: Double, from order: some Collection<Int>) -> Int {
        let skip = cents.count >= 4 * attackFrames ? attackFrames : 0
        let all = Array(order)
        precondition(!all.isEmpty, "an edge is looked for among frames")
        let order = all.count > skip ? Array(all.dropFirst(skip)) : all
        let firstIndex = order[0]
        let first = cents[firstIndex] - centre
        for i in order {
            let offset = cents[i] - centre
            if abs(offset) <= reachedCents || (offset > 0) != (first > 0) { return i }
        }
        return firstIndex
    }

    private func mean(_ frames: ArraySlice<Double>, around centre: Double) -> Double {
        let inliers = frames.indices.filter { abs(frames[$0] - centre) <= outlierCents }
        guard !inliers.isEmpty else { return centre }
        var sum = 0.0
        var squares = 0.0
        for i in inliers {
            sum += frames[i] - centre
            squares += (frames[i] - centre) * (frames[i] - centre)
        }
        let count = Double(inliers.count)
        let spread = (max(0, squares / count - (sum / count) * (sum / count))).squareRoot()
        guard spread >= vibratoCents, let cycle = cycleLength(frames, inliers, around: centre, spread: spread) else {
            return inliers.reduce(0.0) { $0 + frames[$1] } / count
        }
        // The mean of the pitch averaged over one cycle at a time: each frame weighs as many
        // cycle-long windows as hold it, so the weights ramp over a cycle at either end.
        let window = min(inliers.count, Int(cycle.rounded()))
        let windows = inliers.count - window + 1
        var weighted = 0.0
        var weights = 0.0
        for (position, i) in inliers.enumerated() {
            let weight = Double(min(position + 1, window, inliers.count - position, windows))
            weighted += weight * frames[i]
            weights += weight
        }
        return weighted / weights
    }

    /// The swing's cycle in frames: twice the mean spacing of its crossings of the centre, up and
    /// down (each past half the spread, as hysteresis), so that a short note's one cycle and a half
    /// still give it; nil when there are not two crossings `crossingSpanFrames` apart.
    private func cycleLength(_ frames: ArraySlice<Double>, _ inliers: [Int], around centre: Double, spread: Double) -> Double? {
        let crossings = Cents.crossings(inliers.lazy.map { frames[$0] }, around: centre, hysteresis: spread / 2)
        guard let first = crossings.first, let last = crossings.last, last - first >= crossingSpanFrames else { return nil }
        return 2 * Double(last - first) / Double(crossings.count - 1)
    }
}

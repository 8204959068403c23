/// The pitch of a finished note: the centre of its stable part.
///
/// The stable part starts after the attack (the first `attackFrames`) and the scoop: at the first
/// frame that reaches the centre (within `reachedCents`) or crosses it, so a glide into the note
/// is left out while a vibrato's first swing is kept. It ends the same way, read from the end:
/// the glide into the next note played legato, and the release, are left out too. Over the stable
/// part the centre is the mean, with frames further than `outlierCents` away (an octave slip) left
/// out; when the pitch swings like a vibrato (a standard deviation of `vibratoCents` or more), the
/// mean is taken between the first and the last upward crossing of the centre, over whole cycles
/// (a mean over part of a cycle would lean to one side by up to a sixth of the vibrato's width
/// per cycle missed). A slow drift of a few cents is no vibrato: its crossings would pick an
/// arbitrary part of the note. Nor is a swing whose crossings bunch in one part of the note (a
/// choir's slow wander, a vibrato whose centre moves): the whole cycles must reach within one and
/// a half of their own length of either end, or the mean is over the whole stable part. It is
/// found twice, the second time around the first answer.
struct NoteCentre {
    /// Frames always left out at the start, when the note is long enough to spare them.
    var attackFrames = 6
    /// How near the centre the pitch must come for the stable part to begin.
    var reachedCents = 5.0
    /// Frames this far from the centre are not counted.
    var outlierCents = 90.0
    /// A swing of at least this standard deviation is a vibrato, counted in whole cycles.
    var vibratoCents = 8.0
    /// Whole cycles are used when the first and last crossing are at least this many frames apart.
    var cycleFrames = 20

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
        var span = inliers[...]
        if spread >= vibratoCents {
            // Upward crossings, with half the spread as hysteresis on either side.
            var upward: [Int] = []
            var below = false
            for (position, i) in inliers.enumerated() {
                let offset = frames[i] - centre
                if offset < -spread / 2 {
                    below = true
                } else if offset > spread / 2 && below {
                    below = false
                    upward.append(position)
                }
            }
            if let first = upward.first, let last = upward.last, inliers[last] - inliers[first] >= cycleFrames,
               Self.cyclesSpanTheNote(upward: upward, count: inliers.count) {
                span = inliers[first..<last]
            }
        }
        return span.reduce(0.0) { $0 + frames[$1] } / Double(span.count)
    }

    /// Whether upward crossings (positions among `count` frames) span the note. A vibrato's first
    /// crossing comes at most about a cycle and a quarter after the start (half a cycle down past
    /// the hysteresis, then up through it) and its last at most a cycle before the end; crossings
    /// further in than one and a half cycles (their mean spacing) bunch in one stretch of the note.
    static func cyclesSpanTheNote(upward: [Int], count: Int) -> Bool {
        guard let first = upward.first, let last = upward.last, last > first else { return false }
        let cycle = Double(last - first) / Double(upward.count - 1)
        return Double(first) <= 1.5 * cycle && Double(count - 1 - last) <= 1.5 * cycle
    }
}

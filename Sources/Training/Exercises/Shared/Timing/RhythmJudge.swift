/// How a played-back rhythm compares with the one asked, onset by onset.
///
/// The play-back is judged from its own first onset at the pattern's tempo: the student starts
/// when ready, and every later onset is measured from that first one; with a steady click, from
/// the click's downbeat instead (`judge(_:from:)`). Played onsets are matched
/// to the expected ones in order (the alignment that leaves the fewest unmatched, then the
/// smallest errors), each within `window` of its expected time; an expected onset left unmatched
/// is missing, a played one left unmatched is extra.
public struct RhythmJudge: Sendable, Hashable {
    /// An onset within this many seconds of its time is on time. Default 100 ms: a beginner
    /// playing along with what they heard is usually within 60–80 ms, and 100 ms is still well
    /// under the shortest gap of a level-1 pattern at 200 BPM (a quarter, 300 ms).
    public var tolerance: Double
    /// The expected onsets, in seconds from the first.
    public let expected: [Double]
    /// A beat's length in seconds, to say errors as a fraction of the beat.
    public let secondsPerBeat: Double
    /// Each note's written length in seconds (ties joined), for judging how long it is held;
    /// empty when the judge was given onsets alone.
    public let lengths: [Double]

    public static let defaultTolerance = 0.1

    /// The judge of `pattern` at `tempo` beats per minute.
    public init(pattern: RhythmPattern, tempo: Int, tolerance: Double = Self.defaultTolerance) {
        let perUnit = pattern.secondsPerUnit(tempo: tempo)
        let onsets = pattern.onsets
        let first = onsets.first ?? 0
        self.init(expected: onsets.map { Double($0 - first) * perUnit }, secondsPerBeat: 60.0 / Double(tempo), tolerance: tolerance,
                  lengths: pattern.notes.map { Double($0.units) * perUnit })
    }

    public init(expected: [Double], secondsPerBeat: Double, tolerance: Double = Self.defaultTolerance, lengths: [Double] = []) {
        self.expected = expected
        self.lengths = lengths
        self.secondsPerBeat = secondsPerBeat
        self.tolerance = tolerance
    }

    /// How far a played onset may lie from an expected one and still be taken as playing it: half
    /// the gap to its nearer neighbour, never less than twice the tolerance.
    func window(_ index: Int) -> Double {
        var gap = Double.infinity
        if index > 0 { gap = min(gap, expected[index] - expected[index - 1]) }
        if index + 1 < expected.count { gap = min(gap, expected[index + 1] - expected[index]) }
        return max(2 * tolerance, gap / 2)
    }

    /// One expected onset, judged.
    public struct Onset: Sendable, Hashable, Codable {
        public enum Verdict: String, Sendable, Hashable, Codable { case onTime = "on_time", early, late, missing }
        /// Seconds from the first onset.
        public var expected: Double
        /// The played onset taken for it, in seconds from the first played (or the downbeat); nil when missing.
        public var played: Double?
        public var verdict: Verdict
        /// How long the note was held (its note-off minus its onset) and its written length, in
        /// seconds, and how the one compares with the other (`RhythmJudge.lengthVerdict`); nil when lengths are
        /// not judged, or the onset is missing.
        public var held: Double? = nil
        public var written: Double? = nil
        public var length: LengthVerdict? = nil

        /// Played minus expected, in seconds (negative: early); nil when missing.
        public var error: Double? { played.map { $0 - expected } }
    }

    /// The judgement of a whole play-back.
    public struct Result: Sendable, Hashable, Codable {
        /// Every expected onset, in order.
        public var onsets: [Onset]
        /// Played onsets that answer none, in seconds from the first played (or the downbeat).
        public var extra: [Double]

        /// Every onset on time and nothing extra.
        public var correct: Bool { errors == 0 }
        /// Onsets off time or missing, notes held too short or too long, plus extra notes.
        public var errors: Int { extra.count + onsets.count { $0.verdict != .onTime } + onsets.count { ($0.length ?? .right) != .right } }
    }

    /// Judges `played` (times in seconds on any clock, in order) from its own first onset, or,
    /// given the time of the pattern's first onset on the same clock (a steady click's
    /// downbeat), against that grid: a late first onset is then late too. When `held` gives how
    /// long each was held (by position, in seconds), every note's length is judged against its
    /// written one.
    public func judge(_ played: [Double], from downbeat: Double? = nil, held: [Double]? = nil) -> Result {
        guard let start = downbeat ?? played.first else {
            return Result(onsets: expected.map { Onset(expected: $0, played: nil, verdict: .missing) }, extra: [])
        }
        let times = played.map { $0 - start }
        let pairs = align(times)
        var onsets = expected.map { Onset(expected: $0, played: nil, verdict: .missing) }
        var used = Set<Int>()
        for (e, p) in pairs {
            onsets[e] = onset(e, playedAt: times[p])
            if let held, lengths.indices.contains(e) {
                (onsets[e].held, onsets[e].written) = (held[p], lengths[e])
                onsets[e].length = lengthVerdict(held: held[p], written: lengths[e])
            }
            used.insert(p)
        }
        return Result(onsets: onsets, extra: times.indices.filter { !used.contains($0) }.map { times[$0] })
    }

    /// Judges a play-back whose onsets answer the expected ones one for one, in order (a
    /// melody's, whose pitches say which note each is), from its own first onset.
    public func judge(inOrder played: [Double]) -> Result {
        precondition(played.count == expected.count, "an onset for every note")
        let start = played.first ?? 0
        return Result(onsets: played.indices.map { onset($0, playedAt: played[$0] - start) }, extra: [])
    }

    /// Expected onset `index` played at `time` (seconds from the first played).
    private func onset(_ index: Int, playedAt time: Double) -> Onset {
        let error = time - expected[index]
        return Onset(expected: expected[index], played: time, verdict: abs(error) <= tolerance ? .onTime : (error < 0 ? .early : .late))
    }

    /// The in-order matching of expected to played that leaves the fewest unmatched, and of those
    /// the smallest total error: (expected index, played index) pairs.
    func align(_ times: [Double]) -> [(Int, Int)] {
        let n = expected.count, m = times.count, width = m + 1
        // For the first i expected and j played, at [i * width + j]: the fewest unmatched, the
        // smallest error with them, and the step that got there (1 match, 2 skip an expected,
        // 3 skip a played).
        var unmatched = [Int](repeating: 0, count: (n + 1) * width)
        var error = [Double](repeating: 0, count: (n + 1) * width)
        var step = [UInt8](repeating: 0, count: (n + 1) * width)
        for i in 0...n {
            for j in 0...m where i > 0 || j > 0 {
                var best = (unmatched: Int.max, error: 0.0, step: UInt8(0))
                func consider(_ from: Int, _ extraUnmatched: Int, _ extraError: Double, _ how: UInt8) {
                    let candidate = (unmatched[from] + extraUnmatched, error[from] + extraError)
                    if candidate.0 < best.unmatched || (candidate.0 == best.unmatched && candidate.1 < best.error) {
                        best = (candidate.0, candidate.1, how)
                    }
                }
                if i > 0, j > 0 {
                    let off = abs(times[j - 1] - expected[i - 1])
                    if off <= window(i - 1) { consider((i - 1) * width + j - 1, 0, off, 1) }
                }
                if i > 0 { consider((i - 1) * width + j, 1, 0, 2) }
                if j > 0 { consider(i * width + j - 1, 1, 0, 3) }
                (unmatched[i * width + j], error[i * width + j], step[i * width + j]) = best
            }
        }
        var pairs: [(Int, Int)] = []
        var (i, j) = (n, m)
        while i > 0 || j > 0 {
            switch step[i * width + j] {
            case 1: pairs.append((i - 1, j - 1)); i -= 1; j -= 1
            case 2: i -= 1
            default: j -= 1
            }
        }
        return pairs.reversed()
    }

    /// An onset's place as the judgement words it: `1st`, `2nd`, `11th`.
    public static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : ["th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"][n % 10]
        return "\(n)\(suffix)"
    }
}

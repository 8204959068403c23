import MusicTheory

/// Chooses the next interval, weighting those recently missed or slow (see `docs/adaptive.md`).
///
/// weight = 1 + 3 · (share of the last 5 asks that were missed)
///            + 1 · (share of the last 5 asks answered slower than 4 seconds);
/// an interval not yet asked weighs 2. An interval always missed weighs 4, one always answered
/// quickly and right weighs 1. The draw uses the session's seeded generator, so it replays.
struct AdaptiveChooser {
    /// How one ask of an interval went.
    struct Outcome {
        /// A wrong note was played, or the answer was revealed or skipped.
        let missed: Bool
        /// Answered correctly, but slower than the threshold.
        let slow: Bool
    }

    static let memory = 5
    static let missWeight = 3.0
    static let slowWeight = 1.0
    static let unaskedWeight = 2.0
    static let slowThreshold = Duration.seconds(4)

    private var history: [SpelledInterval: [Outcome]] = [:]

    /// Remembers how an ask went; only the last `memory` asks of each interval count.
    mutating func record(_ interval: SpelledInterval, missed: Bool, responseTime: Duration?) {
        let slow = !missed && (responseTime ?? .zero) > Self.slowThreshold
        var outcomes = history[interval, default: []]
        outcomes.append(Outcome(missed: missed, slow: slow))
        if outcomes.count > Self.memory { outcomes.removeFirst(outcomes.count - Self.memory) }
        history[interval] = outcomes
    }

    /// The current weight of an interval.
    func weight(of interval: SpelledInterval) -> Double {
        guard let outcomes = history[interval], !outcomes.isEmpty else { return Self.unaskedWeight }
        let count = Double(outcomes.count)
        let missed = Double(outcomes.filter(\.missed).count) / count
        let slow = Double(outcomes.filter(\.slow).count) / count
        return 1 + Self.missWeight * missed + Self.slowWeight * slow
    }

    /// One interval, drawn with probability proportional to its weight.
    func choose(from intervals: [SpelledInterval], using random: inout SeededRandom) -> SpelledInterval {
        let weights = intervals.map(weight(of:))
        var point = Double.random(in: 0..<weights.reduce(0, +), using: &random)
        for (interval, weight) in zip(intervals, weights) {
            if point < weight { return interval }
            point -= weight
        }
        return intervals[intervals.count - 1]
    }
}

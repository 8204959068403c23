import MusicTheory

/// Chooses the next subject (an interval), weighting those recently missed or slow (see `docs/adaptive.md`).
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

    /// Across sessions: the student's schedule at the session's start and the wall-clock time then
    /// (docs/adaptive.md, "Across sessions"); nil keeps the choice to this session alone.
    private let review: (schedule: ReviewSchedule, now: Double, kind: ExerciseKind)?
    /// The schedule's weights, made at the first draw (when the candidates are known).
    private var reviewWeights: ReviewWeights?

    init(review: (schedule: ReviewSchedule, now: Double, kind: ExerciseKind)? = nil) {
        self.review = review
    }

    private var history: [AnswerSubject: [Outcome]] = [:]
    /// Each asked interval's weight, worked out when an ask is recorded: a draw reads it 11 times.
    private var weights: [AnswerSubject: Double] = [:]

    /// Remembers how an ask went; only the last `memory` asks of each interval count.
    mutating func record(_ subject: AnswerSubject, missed: Bool, responseTime: Duration?) {
        let slow = !missed && (responseTime ?? .zero) > Self.slowThreshold
        var outcomes = history[subject, default: []]
        outcomes.append(Outcome(missed: missed, slow: slow))
        if outcomes.count > Self.memory { outcomes.removeFirst(outcomes.count - Self.memory) }
        history[subject] = outcomes
        weights[subject] = Self.weight(of: outcomes)
    }

    /// The current weight of a subject.
    func weight(of subject: AnswerSubject) -> Double {
        weights[subject] ?? Self.unaskedWeight
    }

    private static func weight(of outcomes: [Outcome]) -> Double {
        let count = Double(outcomes.count)
        let missed = Double(outcomes.reduce(0) { $0 + ($1.missed ? 1 : 0) }) / count
        let slow = Double(outcomes.reduce(0) { $0 + ($1.slow ? 1 : 0) }) / count
        return 1 + missWeight * missed + slowWeight * slow
    }

    /// One subject, drawn with probability proportional to its weight: the session's own, times
    /// the schedule's across sessions when there is one. A subject is scheduled as the items
    /// `reviewed` gives (itself by default; a progression, as its chords), weighing as the
    /// heaviest of them: a progression holding a chord that is due comes back as due.
    mutating func choose(from subjects: [AnswerSubject], using random: inout SeededRandom,
                         reviewed: (AnswerSubject) -> [AnswerSubject] = { [$0] }) -> AnswerSubject {
        var weights = subjects.map(weight(of:))
        let items = review.map { review in subjects.map { reviewed($0).map { $0.reviewKey(kind: review.kind) } } }
        if let review, let items {
            if reviewWeights == nil { reviewWeights = ReviewWeights(review.schedule, candidates: Self.unique(items.flatMap { $0 }), at: review.now) }
            weights = zip(weights, items).map { weight, keys in weight * (keys.map { reviewWeights!.weight(of: $0) }.max() ?? 1) }
        }
        var point = Double.random(in: 0..<weights.reduce(0, +), using: &random)
        var chosen = subjects[subjects.count - 1]
        for (subject, weight) in zip(subjects, weights) {
            if point < weight {
                chosen = subject
                break
            }
            point -= weight
        }
        if let review { for item in reviewed(chosen) { reviewWeights?.asked(item.reviewKey(kind: review.kind)) } }
        return chosen
    }

    /// `items` in order, each once (chords shared by progressions are one candidate).
    private static func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }
}

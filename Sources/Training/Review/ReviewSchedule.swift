/// Spaced repetition across sessions, per profile and per item: Leitner boxes (docs/adaptive.md).
///
/// - An item answered right at the first try *when due* moves up one box and is due again after
///   that box's wait: the same day, 1 day, 3 days, 7 days, 21 days. Answered right again before
///   it is due (asked again in the same session), it stays where it is: cramming does not count.
/// - An item missed (a wrong note, a reveal, a skip) goes back to box 1: due at once.
/// - Nothing is demoted for being overdue: a week away leaves every box as it was.
///
/// The schedule is a function of the answers, in time order: `replaying` rebuilds it from the
/// statistics database at each session's start, so nothing else is stored.
public struct ReviewSchedule: Sendable, Hashable {
    /// How long an item waits in each box before it is due again, box 1 first.
    public static let boxes: [Double] = [0, 1, 3, 7, 21].map { $0 * 86_400 }

    /// Every item answered so far, by its key (`interval:M3`, `chord:minor`).
    public private(set) var cards: [String: ReviewCard] = [:]

    public init() {}

    /// The schedule after these answers (any order: they are sorted by time).
    public static func replaying(_ answers: some Sequence<ReviewAnswer>) -> ReviewSchedule {
        var schedule = ReviewSchedule()
        for answer in answers.sorted(by: { $0.time < $1.time }) { schedule.record(answer) }
        return schedule
    }

    /// Moves an item as one answer says.
    public mutating func record(_ answer: ReviewAnswer) {
        guard var card = cards[answer.item] else {
            // First seen: right at once means it is known a little (box 2), wrong means box 1.
            let box = answer.correct ? 2 : 1
            cards[answer.item] = ReviewCard(box: box, due: answer.time + Self.wait(box), lastAnswered: answer.time)
            return
        }
        if !answer.correct {
            card.box = 1
            card.due = answer.time
        } else if answer.time >= card.due {
            card.box = min(card.box + 1, Self.boxes.count)
            card.due = answer.time + Self.wait(card.box)
        }
        card.lastAnswered = answer.time
        cards[answer.item] = card
    }

    /// The items of `candidates` due at `now`, lowest box first and, within a box, the longest
    /// overdue first — at most `limit` of them, so that a long time away brings back a
    /// session's worth, not everything at once.
    public func due(among candidates: [String], at now: Double, limit: Int) -> [String] {
        candidates
            .compactMap { item in cards[item].flatMap { $0.due <= now ? (item, $0) : nil } }
            .sorted { ($0.1.box, $0.1.due) < ($1.1.box, $1.1.due) }
            .prefix(limit).map(\.0)
    }

    private static func wait(_ box: Int) -> Double { boxes[box - 1] }
}

/// One stored answer, as the schedule reads it.
public struct ReviewAnswer: Sendable, Hashable {
    /// The item's key, such as `interval:M3`.
    public var item: String
    /// Right at the first try; false for a wrong note, a reveal or a skip.
    public var correct: Bool
    /// When, in seconds on the wall clock (Unix time).
    public var time: Double

    public init(item: String, correct: Bool, time: Double) {
        self.item = item
        self.correct = correct
        self.time = time
    }
}

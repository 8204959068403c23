/// How the schedule weighs a session's draw (docs/adaptive.md), on top of the in-session weights:
///
/// | the item at the session's start | weight |
/// |---|---|
/// | due, among the session's `limit` due items, not yet asked in this session | 4 |
/// | never answered | 2 |
/// | otherwise: not due, or due beyond the limit | 1 / box (box 5: 0.2) |
///
/// Items due come back first; items never answered are tried; items the student knows drift out
/// but are never gone; after a long time away only `limit` items get the due weight.
public struct ReviewWeights: Sendable {
    /// The due items a session favours at most.
    public static let defaultLimit = 12
    public static let dueWeight = 4.0
    public static let newWeight = 2.0

    private let schedule: ReviewSchedule
    private var due: Set<String>

    /// The weights for a session starting at `now` over `candidates`.
    public init(_ schedule: ReviewSchedule, candidates: [String], at now: Double, limit: Int = Self.defaultLimit) {
        self.schedule = schedule
        due = Set(schedule.due(among: candidates, at: now, limit: limit))
    }

    /// The weight of an item now.
    public func weight(of item: String) -> Double {
        if due.contains(item) { return Self.dueWeight }
        guard let card = schedule.cards[item] else { return Self.newWeight }
        return 1 / Double(card.box)
    }

    /// An item was asked in this session: its due weight is spent.
    public mutating func asked(_ item: String) {
        due.remove(item)
    }

    /// The due items still favoured in this session.
    public var dueItems: Set<String> { due }
}

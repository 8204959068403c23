import ControlProtocol
import Foundation
import GRDB

/// A profile's tally and how far into the `answer` table it reaches.
struct ProfileTally: Sendable {
    var tally: FiguresTally
    /// Every answer up to this id is tallied, or open (none is: the watermark stops below the
    /// first open one, so an answer is tallied once its question closes).
    var watermark: Int64 = 0
    /// The last figures and the store's revision they were read at.
    var figures: LifetimeFigures?
    var revision = -1
    /// When it was last read (a count of readings): the least recently read goes first.
    var lastRead: UInt64 = 0
}

extension SQLiteStatisticsStore {
    /// Profiles whose tallies are kept at once; past it the least recently read is dropped (read
    /// again, it is tallied anew from its answers).
    public static let tallyLimit = 32
}

extension SQLiteStatisticsStore {
    /// The lifetime figures from the profile's tally, brought up to date with the answers stored
    /// since: a reading costs the new answers and the groups, not the history. The same figures
    /// are given again, with nothing read, while nothing was written and the clock is within the
    /// same second.
    ///
    /// A profile with no answers is answered from its sessions alone, without reading the answers
    /// and without a tally kept for it: a client asking after any number of names grows nothing.
    public func lifetimeFigures(profile: String) throws(StatisticsError) -> LifetimeFigures {
        let now = clock.now()
        let revision = self.revision.withLock { $0 }
        return try tallies.withLock { (tallies) throws(StatisticsError) -> LifetimeFigures in
            let reading = readingCount.add(1, ordering: .relaxed).newValue
            if tallies[profile] == nil, !(try hasAnswers(profile: profile)) {
                var empty = FiguresTally(profile: profile, timeZone: timeZone)
                return empty.figures(sessions: try sessions(profile: profile), now: now)
            }
            var entry = tallies[profile] ?? ProfileTally(tally: FiguresTally(profile: profile, timeZone: timeZone))
            entry.lastRead = reading
            if let figures = entry.figures, entry.revision == revision, abs(figures.computedAt.timeIntervalSince(now)) < 1 {
                return figures
            }
            if !entry.tally.canRead(at: now) { entry = ProfileTally(tally: FiguresTally(profile: profile, timeZone: timeZone)) }
            if !(try tallyNewAnswers(into: &entry, profile: profile)) {
                // An answer older than one tallied (a clock set back): tally again, in time order.
                entry = ProfileTally(tally: FiguresTally(profile: profile, timeZone: timeZone))
                _ = try tallyNewAnswers(into: &entry, profile: profile, inTimeOrder: true)
            }
            let figures = entry.tally.figures(sessions: try sessions(profile: profile), now: now)
            entry.figures = figures
            entry.revision = revision
            tallies[profile] = entry
            if tallies.count > Self.tallyLimit, let oldest = tallies.min(by: { $0.value.lastRead < $1.value.lastRead })?.key {
                tallies[oldest] = nil
            }
            return figures
        }
    }

    /// Whether `profile` has any answer stored (one look in the profile's index).
    private func hasAnswers(profile: String) throws(StatisticsError) -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM answer WHERE profile = ?1)", arguments: [profile]) ?? false
        }
    }

    /// Tallies the answers of `profile` after the watermark whose questions are closed, up to the
    /// first still open; false when one is older than the last tallied (nothing after it is).
    private func tallyNewAnswers(into entry: inout ProfileTally, profile: String, inTimeOrder: Bool = false) throws(StatisticsError) -> Bool {
        let watermark = entry.watermark
        var tally = entry.tally
        // Row by row into the tally: a long history is never held in memory at once.
        let (inOrder, end) = try read { db -> (Bool, Int64) in
            // `+profile`: the rowid range, not the profile index, which would read the whole history.
            let firstOpen = try Int64.fetchOne(
                db, sql: "SELECT MIN(id) FROM answer WHERE id > ?1 AND +profile = ?2 AND question_open = 1",
                arguments: [watermark, profile])
            let end = try firstOpen.map { $0 - 1 }
                ?? Int64.fetchOne(db, sql: "SELECT MAX(id) FROM answer").map { max($0, watermark) } ?? watermark
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT \(Self.answerColumns) FROM answer
                    WHERE id > ?1 AND id <= ?2 AND +profile = ?3 ORDER BY \(inTimeOrder ? "time, id" : "id")
                    """,
                arguments: [watermark, end, profile])
            while let row = try rows.next() {
                guard tally.add(try Self.answer(row)) else { return (false, end) }
            }
            return (true, end)
        }
        guard inOrder else { return false }
        entry.tally = tally
        entry.watermark = end
        return true
    }

    /// The columns `answer(_:)` reads, in its order: every query of answers selects these.
    static let answerColumns = """
        time, session_id, profile, exercise, root, mode, interval, degree, expected, expected_midi,
        played_midi, correct, attempt, response_seconds, item_category, item, cents, question
        """
    /// How many columns `answerColumns` selects: the position of a column selected after them.
    static let answerColumnCount = 18
}

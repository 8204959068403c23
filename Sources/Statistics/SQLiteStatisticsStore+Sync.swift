import GRDB

/// An answer as a class's sync reads it: its row id (the box's sequence number, which only
/// grows) and its id everywhere.
public struct SyncedAnswer: Sendable, Hashable {
    public var seq: Int64
    public var uid: String
    public var answer: AnswerRecord
}

extension SQLiteStatisticsStore {
    /// `profile`'s answers stored after row `seq`, in the order they were stored, at most
    /// `limit`, ending before the first whose question is still open or that was answered at
    /// `settledBefore` or later (a sung note's cents are measured again once the note ends): the
    /// next page a box pushes to its class's hub.
    public func answersToPush(profile: String, after seq: Int64, settledBefore: Double, limit: Int) throws(StatisticsError) -> [SyncedAnswer] {
        let sql = "SELECT \(Self.answerColumns), id, uid, question_open FROM answer WHERE profile = ? AND id > ? ORDER BY id LIMIT ?"
        return try read { db in
            var page: [SyncedAnswer] = []
            for row in try Row.fetchAll(db, sql: sql, arguments: [profile, seq, max(0, limit)]) {
                let open: Bool = row[Self.answerColumnCount + 2], time: Double = row[0]
                let uid: String? = row[Self.answerColumnCount + 1]  // every row has one since v8
                guard !open, time < settledBefore, let uid else { break }
                page.append(SyncedAnswer(seq: row[Self.answerColumnCount], uid: uid, answer: try Self.answer(row)))
            }
            return page
        }
    }

    /// How many of `profile`'s answers are stored after row `seq`: what is still to be pushed.
    public func answersStored(profile: String, after seq: Int64) throws(StatisticsError) -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM answer WHERE profile = ? AND id > ?", arguments: [profile, seq]) ?? 0
        }
    }
}

import Foundation
import GRDB

extension SQLiteStatisticsStore {
    /// A page read by the index on `(profile, time)` for one profile; every profile's is a scan
    /// that keeps only the first `limit` rows past `after` (SQLite's top-N sort), never the history.
    public func answers(profile: String?, after: AnswerPosition?, limit: Int) throws(StatisticsError) -> [PositionedAnswer] {
        let columns = "SELECT \(Self.answerColumns), id FROM answer"
        var conditions = ["question_open = 0"]
        var arguments: StatementArguments = []
        if let profile {
            conditions.append("profile = ?")
            arguments += [profile]
        }
        if let after {
            conditions.append("(time > ? OR (time = ? AND id > ?))")
            arguments += [after.time, after.time, after.order]
        }
        arguments += [max(0, limit)]
        let sql = columns + " WHERE " + conditions.joined(separator: " AND ") + " ORDER BY time, id LIMIT ?"
        return try read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                PositionedAnswer(answer: try Self.answer(row), position: AnswerPosition(time: row[0], order: row[Self.answerColumnCount]))
            }
        }
    }
}

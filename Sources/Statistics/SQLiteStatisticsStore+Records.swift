import Foundation
import GRDB
import MusicTheory
import Training

extension SQLiteStatisticsStore {
    public func recordSessionStart(_ session: SessionStartRecord) throws(StatisticsError) {
        try record([.sessionStart(session)])
    }

    public func recordAnswer(_ answer: AnswerRecord) throws(StatisticsError) {
        try record([.answer(answer)])
    }

    public func recordSessionEnd(_ end: SessionEndRecord) throws(StatisticsError) {
        try record([.sessionEnd(end)])
    }

    public func recordQuestionClosed(session: UUID) throws(StatisticsError) {
        try record([.questionClosed(session: session)])
    }

    public func recordAnswerMeasured(session: UUID, cents: Double) throws(StatisticsError) {
        try record([.answerMeasured(session: session, cents: cents)])
    }

    /// One transaction for all of them: one fsync however many answers a batch holds.
    public func record(_ records: [StatisticsRecord]) throws(StatisticsError) {
        guard !records.isEmpty else { return }
        try write { db in
            for record in records { try Self.insert(record, into: db) }
        }
    }

    private static func insert(_ record: StatisticsRecord, into db: Database) throws {
        switch record {
        case .sessionStart(let session):
            try db.execute(
                sql: """
                    INSERT INTO session (id, profile, started_at, exercise, mode, root, intervals, direction, options)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    session.id.uuidString, session.profile, session.startedAt.timeIntervalSince1970,
                    session.exercise.rawValue, session.mode, session.root, session.intervals.joined(separator: ","),
                    session.direction?.rawValue, session.options,
                ])
        case .answer(let answer):
            try db.execute(
                sql: """
                    INSERT INTO answer (time, session_id, profile, exercise, root, mode, interval, degree,
                        expected, expected_midi, played_midi, correct, attempt, response_seconds, item_category, item,
                        question_open, cents, question, uid)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, lower(hex(randomblob(16))))
                    """,
                arguments: [
                    answer.time.timeIntervalSince1970, answer.session.uuidString, answer.profile,
                    answer.exercise.rawValue, answer.root, answer.mode, answer.interval, answer.degree,
                    answer.expected, answer.expectedMIDI, answer.playedMIDI, answer.correct, answer.attempt,
                    answer.responseSeconds, answer.item?.category, answer.item?.label, answer.questionOpen, answer.cents,
                    answer.question,
                ])
        case .questionClosed(let session):
            try db.execute(sql: "UPDATE answer SET question_open = 0 WHERE session_id = ? AND question_open = 1",
                           arguments: [session.uuidString])
        case .answerMeasured(let session, let cents):
            try db.execute(
                sql: "UPDATE answer SET cents = ? WHERE id = (SELECT MAX(id) FROM answer WHERE session_id = ? AND cents IS NOT NULL)",
                arguments: [cents, session.uuidString])
        case .sessionEnd(let end):
            // The session's end closes its last question.
            try db.execute(sql: "UPDATE answer SET question_open = 0 WHERE session_id = ? AND question_open = 1",
                           arguments: [end.id.uuidString])
            try db.execute(
                sql: """
                    UPDATE session SET ended_at = ?, length_seconds = ?, correct = ?, errors = ?, results_json = ?
                    WHERE id = ?
                    """,
                arguments: [
                    end.endedAt.timeIntervalSince1970, end.lengthSeconds, end.correct, end.errors, end.resultsJSON,
                    end.id.uuidString,
                ])
        }
    }

    public func sessions(profile: String?) throws(StatisticsError) -> [SessionRecord] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM session WHERE ?1 IS NULL OR profile = ?1 ORDER BY started_at, rowid",
                arguments: [profile]
            ).map(Self.session)
        }
    }

    public func answers(profile: String?) throws(StatisticsError) -> [AnswerRecord] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.answerColumns)
                    FROM answer WHERE (?1 IS NULL OR profile = ?1) AND question_open = 0 ORDER BY time, id
                    """,
                arguments: [profile]
            ).map(Self.answer)
        }
    }

    public func profiles() throws(StatisticsError) -> [String] {
        // Each session's answers are looked for in their index: no scan of the answers.
        try read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT profile FROM session
                    WHERE EXISTS (SELECT 1 FROM answer WHERE answer.session_id = session.id)
                    ORDER BY profile LIMIT ?1
                    """,
                arguments: [profileListLimit])
        }
    }

    static func session(_ row: Row) throws -> SessionRecord {
        let id = try uuid(row["id"])
        let intervals: String = row["intervals"] ?? ""
        let start = SessionStartRecord(
            id: id, profile: row["profile"], startedAt: Date(timeIntervalSince1970: row["started_at"]),
            exercise: try kind(row["exercise"]), mode: row["mode"], root: row["root"],
            intervals: intervals.isEmpty ? [] : intervals.split(separator: ",").map(String.init),
            direction: try direction(row["direction"]), options: row["options"])
        guard let endedAt: Double = row["ended_at"] else { return SessionRecord(start: start) }
        let end = SessionEndRecord(
            id: id, endedAt: Date(timeIntervalSince1970: endedAt), lengthSeconds: row["length_seconds"] ?? 0,
            correct: row["correct"] ?? 0, errors: row["errors"] ?? 0, resultsJSON: row["results_json"])
        return SessionRecord(start: start, end: end)
    }

    /// An answer from a row of the `answers(profile:)` query, by column position (faster than by name).
    static func answer(_ row: Row) throws -> AnswerRecord {
        AnswerRecord(
            time: Date(timeIntervalSince1970: row[0]), session: try uuid(row[1]), profile: row[2],
            exercise: try kind(row[3]), root: row[4], mode: row[5], interval: row[6], degree: row[7], expected: row[8],
            expectedMIDI: row[9], playedMIDI: row[10], correct: row[11], attempt: row[12], responseSeconds: row[13],
            item: Self.item(row[14], row[15]), cents: row[16], question: row[17])
    }

    private static func item(_ category: String?, _ label: String?) -> AnswerItem? {
        guard let category, let label else { return nil }
        return AnswerItem(category: category, label: label)
    }

    private static func uuid(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw StatisticsError.database("bad session id '\(text)'") }
        return id
    }

    private static func kind(_ text: String) throws -> ExerciseKind {
        do {
            return try ExerciseKind(choosing: text)
        } catch {
            throw StatisticsError.database("bad exercise: \(error)")
        }
    }

    private static func direction(_ text: String?) throws -> IntervalDirection? {
        guard let text else { return nil }
        do {
            return try IntervalDirection(choosing: text)
        } catch {
            throw StatisticsError.database("bad direction: \(error)")
        }
    }
}

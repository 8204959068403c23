import ControlProtocol
import Foundation
import GRDB

/// What a test reads back from the daemon's statistics file, through a read-only connection (as
/// the daemon's own start-up check does), so a crashed database is looked at as it was left.
public struct StatisticsDatabase {
    /// One stored answer, as the `note_judged` event reported it.
    public struct Answer: Hashable, CustomStringConvertible, Sendable {
        public var played: Int
        public var correct: Bool

        /// The answer a `note_judged` event reports, or nil for any other notification.
        public init?(_ notification: RPCNotification) {
            guard notification.params["type"]?.stringValue == "note_judged",
                  let played = notification.params["details"]?["played_midi"]?.numberValue,
                  case .bool(let correct) = notification.params["details"]?["correct"] else { return nil }
            self.played = Int(played)
            self.correct = correct
        }

        public init(played: Int, correct: Bool) {
            self.played = played
            self.correct = correct
        }

        public var description: String { "\(played)\(correct ? "✓" : "✗")" }
    }

    /// One stored session: what it trained, and how it ended (nil until it did).
    public struct Session {
        public var exercise: String
        public var mode: String?
        public var ended: Bool
        public var correct: Int?
        public var errors: Int?
        /// The results as stored, parsed (nil when absent or not JSON).
        public var results: [String: Any]?
    }

    /// `PRAGMA integrity_check`'s lines ("ok" when healthy).
    public let integrity: [String]
    /// Every answer, in the order stored.
    public let answers: [Answer]
    /// Every session, in the order started.
    public let sessions: [Session]

    /// Reads the file at `path`.
    public init(path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        (integrity, answers, sessions) = try queue.read { db in
            let check = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            let rows = try Row.fetchAll(db, sql: "SELECT played_midi, correct FROM answer ORDER BY id")
            let sessionRows = try Row.fetchAll(
                db, sql: "SELECT exercise, mode, ended_at IS NOT NULL, correct, errors, results_json FROM session ORDER BY started_at")
            let sessions = sessionRows.map { row in
                Session(exercise: row[0], mode: row[1], ended: row[2], correct: row[3], errors: row[4],
                        results: (row[5] as String?).flatMap(jsonObject))
            }
            return (check, rows.map { Answer(played: $0[0], correct: $0[1]) }, sessions)
        }
        try queue.close()
    }
}

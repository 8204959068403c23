import ControlProtocol
import DaemonTestSupport
import Foundation
import GRDB

/// What a test reads back from the daemon's statistics file, through a read-only connection (as
/// the daemon's own start-up check does), so a crashed database is looked at as it was left.
struct StatisticsDatabase {
    /// One stored answer, as the `note_judged` event reported it.
    struct Answer: Hashable, CustomStringConvertible {
        var played: Int
        var correct: Bool

        /// The answer a `note_judged` event reports, or nil for any other notification.
        init?(_ notification: RPCNotification) {
            guard notification.params["type"]?.string == "note_judged",
                  let played = notification.params["details"]?["played_midi"]?.number,
                  case .bool(let correct) = notification.params["details"]?["correct"] else { return nil }
            self.played = Int(played)
            self.correct = correct
        }

        init(played: Int, correct: Bool) {
            self.played = played
            self.correct = correct
        }

        var description: String { "\(played)\(correct ? "✓" : "✗")" }
    }

    /// One stored session: what it trained, and how it ended (nil until it did).
    struct Session {
        var exercise: String
        var mode: String?
        var ended: Bool
        var correct: Int?
        var errors: Int?
        /// The results as stored, parsed (nil when absent or not JSON).
        var results: [String: Any]?
    }

    /// `PRAGMA integrity_check`'s lines ("ok" when healthy).
    let integrity: [String]
    /// Every answer, in the order stored.
    let answers: [Answer]
    /// Every session, in the order started.
    let sessions: [Session]

    init(path: String) throws {
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

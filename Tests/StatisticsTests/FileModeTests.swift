import Foundation
import GRDB
import Statistics
import Testing

/// The database file as an admin finds it: only its owner reads it, and at exit it holds
/// everything, with no log beside it to copy too.
@Suite struct FileModeTests {
    static func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
    }

    @Test("a database made by hand with mode 0644 is 0600 once the daemon opens it, its log and index too")
    func handMadeIsNarrowed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/stats.sqlite"
        // An empty database as the sqlite3 shell leaves it, readable by every account.
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "PRAGMA user_version = 0") }
        #expect(chmod(path, 0o644) == 0 && Self.mode(path) == 0o644)
        let store = try SQLiteStatisticsStore(path: path, logger: quietLogger)
        try store.recordSessionStart(SessionStartRecord(id: UUID(), profile: "default", startedAt: scriptNow, exercise: .scale))
        #expect(Self.mode(path) == 0o600)
        for log in [path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: log) {
            #expect(Self.mode(log) == 0o600, "\(log)")
        }
    }

    @Test("a checkpoint folds the log into the file: the -wal is empty, and the file alone holds every answer")
    func checkpointEmptiesTheLog() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/stats.sqlite"
        let store = try SQLiteStatisticsStore(path: path, logger: quietLogger)
        let session = SessionStartRecord(id: UUID(), profile: "default", startedAt: scriptNow, exercise: .scale)
        try store.recordSessionStart(session)
        for index in 0..<20 {
            try store.recordAnswer(AnswerRecord(time: scriptNow.addingTimeInterval(Double(index)), session: session.id, profile: "default",
                                                exercise: .scale, root: "C", expected: "C4", expectedMIDI: 60, playedMIDI: 60,
                                                correct: true, responseSeconds: 1))
        }
        #expect((SQLiteStatisticsStoreFileSize.of(path + "-wal") ?? 0) > 0, "the answers are in the log first")
        store.checkpoint()
        #expect(SQLiteStatisticsStoreFileSize.of(path + "-wal") ?? 0 == 0)
        // A copy of the file alone (no log beside it) has every answer.
        let copy = directory.path + "/copy.sqlite"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let count = try DatabaseQueue(path: copy).read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM answer") }
        #expect(count == 20)
    }
}

/// A file's size, nil when it is not there.
enum SQLiteStatisticsStoreFileSize {
    static func of(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }
}

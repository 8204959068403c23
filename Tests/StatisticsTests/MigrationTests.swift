import Foundation
import GRDB
import Statistics
import Testing

@Suite("Databases from older versions are migrated")
struct MigrationTests {
    /// The schema eartrainer's first release wrote, frozen here as that release shipped it:
    /// the store's own v1 migration may not be used to make the fixture.
    static let releasedV1 = """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('v1');
        CREATE TABLE session (
            id TEXT PRIMARY KEY NOT NULL, started_at REAL NOT NULL, exercise TEXT NOT NULL, mode TEXT, root TEXT,
            intervals TEXT NOT NULL DEFAULT '', direction TEXT, ended_at REAL, length_seconds REAL, correct INTEGER,
            errors INTEGER, results_json TEXT);
        CREATE TABLE answer (
            id INTEGER PRIMARY KEY AUTOINCREMENT, time REAL NOT NULL, session_id TEXT NOT NULL, exercise TEXT NOT NULL,
            root TEXT NOT NULL, mode TEXT, interval TEXT, expected TEXT NOT NULL, expected_midi INTEGER NOT NULL,
            played_midi INTEGER NOT NULL, correct INTEGER NOT NULL, response_seconds REAL NOT NULL);
        INSERT INTO session VALUES ('00000000-0000-0000-0000-000000000001', 1774000000, 'interval', NULL, 'E', 'm3,P5',
            'ascending', 1774000060, 60, 1, 1, NULL);
        INSERT INTO answer (time, session_id, exercise, root, interval, expected, expected_midi, played_midi, correct,
            response_seconds) VALUES
            (1774000005, '00000000-0000-0000-0000-000000000001', 'interval', 'E', 'm3', 'G2', 43, 43, 1, 1.5),
            (1774000010, '00000000-0000-0000-0000-000000000001', 'interval', 'E', 'P5', 'B2', 47, 48, 0, 2.5);
        """

    func makeV1(at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: Self.releasedV1) }
        try queue.close()
    }

    @Test("a v1 database opens, keeps its answers under the default profile, and takes new ones")
    func migrateV1() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/old.sqlite"
        try makeV1(at: path)

        let store = try SQLiteStatisticsStore(path: path, clock: ManualWallClock(scriptNow), timeZone: utc, logger: quietLogger)
        #expect(store.status == .available(location: path))
        let answers = try store.answers(profile: "default")
        #expect(answers.count == 2)
        #expect(answers.map(\.interval) == ["m3", "P5"])
        #expect(answers.map(\.correct) == [true, false])
        #expect(answers.allSatisfy { $0.attempt == 1 && $0.degree == nil && $0.profile == "default" })
        let sessions = try store.sessions(profile: "default")
        #expect(sessions.count == 1 && sessions[0].start.intervals == ["m3", "P5"] && sessions[0].end?.lengthSeconds == 60)

        try store.recordAnswer(
            AnswerRecord(time: scriptNow, session: sessions[0].start.id, profile: "anna", exercise: .interval, root: "E",
                         interval: "P5", degree: nil, expected: "B2", expectedMIDI: 47, playedMIDI: 47, correct: true,
                         attempt: 2, responseSeconds: 1))
        #expect(try store.answers(profile: "anna").first?.attempt == 2)
        #expect(answers.allSatisfy { $0.cents == nil }, "older answers have no cents")

        // v6: an intonation answer's cents are stored, read back and exported as a bare number.
        try store.recordAnswer(
            AnswerRecord(time: scriptNow, session: sessions[0].start.id, profile: "bea", exercise: .interval, root: "E",
                         expected: "E3", expectedMIDI: 52, playedMIDI: 53, correct: false, responseSeconds: 1, cents: -3.046))
        let tuned = try #require(try store.answers(profile: "bea").first)
        #expect(tuned.cents == -3.046)
        #expect(AnswerExport.json([tuned]).contains("\"cents\":-3.05"))
        #expect(AnswerExport.csv([tuned]).hasSuffix(",-3.05\r\n"))

        let applied = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") }
        #expect(applied == ["v1", "v2", "v3", "v4", "v5", "v6"])
        #expect(answers.map(\.item) == ["m3", "P5"].map { AnswerItem(category: "interval", label: $0) }, "items taken from the interval column")
        let figures = try store.lifetimeFigures(profile: "default").overall
        #expect((figures.sessions, figures.answers, figures.correct, figures.practiceSeconds) == (1, 2, 1, 60))
    }

    @Test("a database written by a newer version is refused and left as it was")
    func newerVersion() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/new.sqlite"
        try makeV1(at: path)
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v2'), ('v9-from-the-future')") }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let store = SQLiteStatisticsStore.open(path: path, logger: quietLogger)
        guard case .unavailable(let reason) = store.status else {
            Issue.record("a newer database was opened for writing")
            return
        }
        #expect(reason.contains("newer eartrainer"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}

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
        #expect(AnswerExport.csv([tuned]).hasSuffix(",-3.05,\r\n"))

        let applied = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") }
        #expect(applied == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"])
        // v8: the old answers and the new each have an id of their own, 32 hex digits.
        let uids = try DatabaseQueue(path: path).read { try String?.fetchAll($0, sql: "SELECT uid FROM answer") }
        #expect(uids.count == 4 && Set(uids.compactMap { $0 }).count == 4, "\(uids)")
        #expect(uids.allSatisfy { $0.map { $0.count == 32 && $0.allSatisfy(\.isHexDigit) } ?? false }, "\(uids)")
        #expect(answers.map(\.item) == ["m3", "P5"].map { AnswerItem(category: "interval", label: $0) }, "items taken from the interval column")
        let figures = try store.lifetimeFigures(profile: "default").overall
        #expect((figures.sessions, figures.answers, figures.correct, figures.practiceSeconds) == (1, 2, 1, 60))
    }

    /// Sessions and answers as versions before 7 stored them: a kind's own values in another
    /// kind's columns (a meter and a `pure` level as a mode, chord qualities as intervals, a
    /// progression as its answers' mode, a `pure` answer's item again as its mode).
    static let kindsInOtherColumns = """
        INSERT INTO session (id, started_at, exercise, mode, root, intervals) VALUES
            ('00000000-0000-0000-0000-000000000002', 1774000100, 'rhythm', '3/4', 'C', ''),
            ('00000000-0000-0000-0000-000000000003', 1774000200, 'pure', 'level 2', NULL, ''),
            ('00000000-0000-0000-0000-000000000004', 1774000300, 'chord', NULL, 'C', 'major,minor'),
            ('00000000-0000-0000-0000-000000000005', 1774000400, 'scale', 'dorian', 'D', ''),
            ('00000000-0000-0000-0000-000000000006', 1774000500, 'progression', NULL, NULL, '');
        INSERT INTO answer (time, session_id, exercise, root, mode, expected, expected_midi, played_midi, correct,
            response_seconds) VALUES
            (1774000205, '00000000-0000-0000-0000-000000000003', 'pure', 'C', 'M3 just', 'C3', 48, 48, 1, 1),
            (1774000405, '00000000-0000-0000-0000-000000000005', 'scale', 'D', 'dorian', 'E3', 52, 52, 1, 1),
            (1774000505, '00000000-0000-0000-0000-000000000006', 'progression', 'C', 'I-IV-V-I', 'C3', 48, 48, 1, 1);
        """

    @Test("version 7 moves a kind's own values out of other kinds' columns into its typed JSON: the session's options, the answer's question")
    func migrateKindsToTheirOwnValues() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/old.sqlite"
        try makeV1(at: path)
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: Self.kindsInOtherColumns) }
        try queue.close()

        let store = try SQLiteStatisticsStore(path: path, clock: ManualWallClock(scriptNow), timeZone: utc, logger: quietLogger)
        let sessions = Dictionary(uniqueKeysWithValues: try store.sessions(profile: "default").map { ($0.start.exercise.rawValue, $0.start) })
        func options(_ kind: String) throws -> [String: Any] {
            let text = try #require(sessions[kind]?.options, "\(kind)'s options")
            return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }
        let (rhythm, pure, chord) = (try options("rhythm"), try options("pure"), try options("chord"))
        #expect(sessions["rhythm"]?.mode == nil && rhythm["meter"] as? String == "3/4")
        #expect(sessions["pure"]?.mode == nil && pure["level"] as? Int == 2)
        #expect(sessions["chord"]?.intervals == [] && chord["qualities"] as? [String] == ["major", "minor"])
        #expect(sessions["scale"]?.mode == "dorian" && sessions["scale"]?.options == nil, "a scale's mode is a mode")
        #expect(sessions["interval"]?.intervals == ["m3", "P5"] && sessions["interval"]?.options == nil, "an interval session's intervals stay")

        let answers = Dictionary(uniqueKeysWithValues: try store.answers(profile: "default").filter { $0.exercise != .interval }.map { ($0.exercise.rawValue, $0) })
        #expect(answers["pure"]?.mode == nil && answers["pure"]?.question == nil)
        #expect(answers["scale"]?.mode == "dorian")
        #expect(answers["progression"]?.mode == nil && answers["progression"]?.question == #"{"progression":"I-IV-V-I"}"#)
        let figures = try store.lifetimeFigures(profile: "default")
        #expect(Set(figures.byMode.keys) == ["dorian"], "only modes are counted as modes: \(figures.byMode.keys.sorted())")
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

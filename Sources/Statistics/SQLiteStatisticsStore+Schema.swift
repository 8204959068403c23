import GRDB

extension SQLiteStatisticsStore {
    /// Version 1 (the first release): one student, no profiles.
    static let schemaV1 = """
        CREATE TABLE session (
            id TEXT PRIMARY KEY NOT NULL,
            started_at REAL NOT NULL,
            exercise TEXT NOT NULL,
            mode TEXT,
            root TEXT,
            intervals TEXT NOT NULL DEFAULT '',
            direction TEXT,
            ended_at REAL,
            length_seconds REAL,
            correct INTEGER,
            errors INTEGER,
            results_json TEXT
        );
        CREATE TABLE answer (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            time REAL NOT NULL,
            session_id TEXT NOT NULL,
            exercise TEXT NOT NULL,
            root TEXT NOT NULL,
            mode TEXT,
            interval TEXT,
            expected TEXT NOT NULL,
            expected_midi INTEGER NOT NULL,
            played_midi INTEGER NOT NULL,
            correct INTEGER NOT NULL,
            response_seconds REAL NOT NULL
        );
        """

    /// Version 2: student profiles (existing rows belong to `default`), the scale degree and the
    /// try number of each answer, and indexes for per-profile queries.
    static let schemaV2 = """
        ALTER TABLE session ADD COLUMN profile TEXT NOT NULL DEFAULT 'default';
        ALTER TABLE answer ADD COLUMN profile TEXT NOT NULL DEFAULT 'default';
        ALTER TABLE answer ADD COLUMN degree INTEGER;
        ALTER TABLE answer ADD COLUMN attempt INTEGER NOT NULL DEFAULT 1;
        CREATE INDEX answer_profile_time ON answer(profile, time);
        CREATE INDEX answer_session ON answer(session_id);
        CREATE INDEX session_profile_started ON session(profile, started_at);
        """

    /// Version 3: what each answer is counted under (`item_category`, `item`), for every exercise
    /// kind; older rows take theirs from the interval or degree column.
    static let schemaV3 = """
        ALTER TABLE answer ADD COLUMN item_category TEXT;
        ALTER TABLE answer ADD COLUMN item TEXT;
        UPDATE answer SET item_category = 'degree', item = 'degree ' || degree WHERE degree IS NOT NULL;
        UPDATE answer SET item_category = 'interval', item = interval WHERE degree IS NULL AND interval IS NOT NULL;
        """

    /// Version 4: whether an answer's question is still open (`question_open`, 1 from its insert
    /// until the question closes): no reading names an open question (older rows are closed).
    static let schemaV4 = """
        ALTER TABLE answer ADD COLUMN question_open INTEGER NOT NULL DEFAULT 0;
        """

    /// Version 5: every profile's answers in time order by an index, so an export of them all
    /// (`stats.export` with `all_profiles`) reads a page without sorting the whole history.
    static let schemaV5 = """
        CREATE INDEX answer_time ON answer(time);
        """

    /// Version 6: an intonation answer's cents (`cents`: the offset a comparison asked, or a tuned
    /// note's signed error); null for every other answer.
    static let schemaV6 = """
        ALTER TABLE answer ADD COLUMN cents REAL;
        """

    /// Version 7: each kind's own values as its typed value, JSON: the session's options
    /// (`session.options`) and each answer's question (`answer.question`). What a kind had put in
    /// another kind's column moves there: a rhythm's meter and a `pure` level out of `mode`, chord
    /// qualities out of `intervals`, a progression out of its answers' `mode` (a `pure` answer's
    /// `mode` repeated its item, and goes).
    static let schemaV7 = """
        ALTER TABLE session ADD COLUMN options TEXT;
        ALTER TABLE answer ADD COLUMN question TEXT;
        UPDATE session SET options = json_object('meter', mode), mode = NULL WHERE exercise = 'rhythm' AND mode IS NOT NULL;
        UPDATE session SET options = json_object('level', CAST(substr(mode, 7) AS INTEGER)), mode = NULL
            WHERE exercise = 'pure' AND mode LIKE 'level %';
        UPDATE session SET options = json_object('qualities', json('["' || replace(intervals, ',', '","') || '"]')), intervals = ''
            WHERE exercise = 'chord' AND intervals <> '';
        UPDATE answer SET mode = NULL WHERE exercise = 'pure';
        UPDATE answer SET question = json_object('progression', mode), mode = NULL WHERE exercise = 'progression' AND mode IS NOT NULL;
        """

    /// Version 8: each answer's id everywhere (`uid`, 128 random bits in hex, made when it is
    /// stored): a class's hub stores an answer once however often it is pushed (docs/class.md).
    static let schemaV8 = """
        ALTER TABLE answer ADD COLUMN uid TEXT;
        UPDATE answer SET uid = lower(hex(randomblob(16)));
        CREATE UNIQUE INDEX answer_uid ON answer(uid);
        """

    /// Every schema version in order; GRDB records the applied ones in `grdb_migrations`.
    /// A released migration is never edited: a change is a new migration.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in try db.execute(sql: schemaV1) }
        migrator.registerMigration("v2") { db in try db.execute(sql: schemaV2) }
        migrator.registerMigration("v3") { db in try db.execute(sql: schemaV3) }
        migrator.registerMigration("v4") { db in try db.execute(sql: schemaV4) }
        migrator.registerMigration("v5") { db in try db.execute(sql: schemaV5) }
        migrator.registerMigration("v6") { db in try db.execute(sql: schemaV6) }
        migrator.registerMigration("v7") { db in try db.execute(sql: schemaV7) }
        migrator.registerMigration("v8") { db in try db.execute(sql: schemaV8) }
        return migrator
    }
}

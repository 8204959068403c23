/// The hub's tables, version by version, in SQL that SQLite and PostgreSQL both take: `BIGINT`,
/// `DOUBLE PRECISION` and `TEXT` only, flags as 0 or 1, times as Unix seconds, days as days since
/// 1970-01-01 (UTC). A released version is never edited: a change is a new one.
enum HubSchema {
    /// Version 1: students, codes, boxes, answers, the daily figures, assignments, the teacher.
    static let v1 = [
        """
        CREATE TABLE student (
            id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            created_at DOUBLE PRECISION NOT NULL
        )
        """,
        """
        CREATE TABLE enroll_code (
            secret_hash TEXT PRIMARY KEY NOT NULL,
            student_id TEXT REFERENCES student(id) ON DELETE CASCADE,
            created_at DOUBLE PRECISION NOT NULL,
            expires_at DOUBLE PRECISION NOT NULL,
            used_by TEXT
        )
        """,
        """
        CREATE TABLE box (
            id TEXT PRIMARY KEY NOT NULL,
            student_id TEXT,
            token_hash TEXT NOT NULL UNIQUE,
            public_key TEXT NOT NULL,
            name TEXT NOT NULL,
            joined_at DOUBLE PRECISION NOT NULL,
            left_at DOUBLE PRECISION,
            acked_through BIGINT NOT NULL DEFAULT 0,
            last_push_at DOUBLE PRECISION,
            clock_offset DOUBLE PRECISION NOT NULL DEFAULT 0
        )
        """,
        """
        CREATE TABLE answer (
            uid TEXT PRIMARY KEY NOT NULL,
            box_id TEXT NOT NULL,
            seq BIGINT NOT NULL,
            student_id TEXT NOT NULL,
            answered_at DOUBLE PRECISION NOT NULL,
            box_time DOUBLE PRECISION NOT NULL,
            received_at DOUBLE PRECISION NOT NULL,
            day BIGINT NOT NULL,
            session TEXT NOT NULL,
            exercise TEXT NOT NULL,
            item TEXT,
            expected_midi BIGINT NOT NULL,
            played_midi BIGINT NOT NULL,
            correct BIGINT NOT NULL,
            attempt BIGINT NOT NULL,
            response_seconds DOUBLE PRECISION NOT NULL,
            cents DOUBLE PRECISION,
            record TEXT NOT NULL
        )
        """,
        "CREATE INDEX answer_student_day ON answer(student_id, day)",
        "CREATE INDEX answer_box_seq ON answer(box_id, seq)",
        """
        CREATE TABLE daily (
            student_id TEXT NOT NULL,
            day BIGINT NOT NULL,
            exercise TEXT NOT NULL,
            item TEXT NOT NULL,
            correct_count BIGINT NOT NULL,
            wrong_count BIGINT NOT NULL,
            cents_count BIGINT NOT NULL,
            cents_abs_sum DOUBLE PRECISION NOT NULL,
            seconds_sum DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (student_id, day, exercise, item)
        )
        """,
        "CREATE INDEX daily_day ON daily(day)",
        """
        CREATE TABLE assignment (
            id TEXT PRIMARY KEY NOT NULL,
            title TEXT NOT NULL,
            plan TEXT NOT NULL,
            student_id TEXT,
            created_at DOUBLE PRECISION NOT NULL
        )
        """,
        """
        CREATE TABLE teacher (
            name TEXT PRIMARY KEY NOT NULL,
            password_hash TEXT NOT NULL
        )
        """,
    ]

    /// Every version in order.
    static let versions: [[String]] = [v1]

    /// Brings the store up to the newest version, each version in a transaction of its own;
    /// returns the version it is at.
    @discardableResult
    static func migrate(_ database: any SQLDatabase, now: Double) throws -> Int {
        // Read first: a store that is up to date is not written to (an export or a code made
        // beside a running hub takes no write lock from it).
        let version = { (connection: any SQLConnection) throws -> Int in
            Int(try connection.run("SELECT max(version) FROM hub_schema").first?.first?.asInteger ?? 0)
        }
        var current: Int
        if let read = try? database.read(version) {
            current = read
        } else {
            current = try database.transaction { connection in
                try connection.run("CREATE TABLE IF NOT EXISTS hub_schema (version BIGINT PRIMARY KEY NOT NULL, applied_at DOUBLE PRECISION NOT NULL)")
                return try version(connection)
            }
        }
        guard current <= versions.count else {
            throw SQLError(statement: "migrate", message: "the store is at version \(current), newer than this hub (\(versions.count))")
        }
        while current < versions.count {
            let next = current + 1
            try database.transaction { connection in
                for statement in versions[current] { try connection.run(statement) }
                try connection.run("INSERT INTO hub_schema (version, applied_at) VALUES (?, ?)", .integer(Int64(next)), .real(now))
            }
            current = next
        }
        return current
    }
}

extension HubStore {
    /// Every student's figures per item over `days` (days since 1970-01-01, UTC): the heat map.
    public func itemFigures(days: ClosedRange<Int64>, student: String? = nil) throws -> [ItemFigures] {
        try itemFigures(days: days, students: student.map { [$0] })
    }

    /// The figures per item of the students `ids` only (every student's when nil): a page of the
    /// class reads its own students' rows, however large the class.
    public func itemFigures(days: ClosedRange<Int64>, students ids: [String]?) throws -> [ItemFigures] {
        if ids?.isEmpty == true { return [] }
        return try database.read { connection in
            try connection.run(
                """
                SELECT student_id, exercise, item, sum(correct_count), sum(wrong_count), sum(cents_count), sum(cents_abs_sum)
                FROM daily WHERE day >= ? AND day <= ?\(Self.among(ids))
                GROUP BY student_id, exercise, item ORDER BY student_id, exercise, item
                """,
                [.integer(days.lowerBound), .integer(days.upperBound)] + (ids ?? []).map { .text($0) }
            ).map { row in
                let centsCount = row[5].asInteger ?? 0
                return ItemFigures(student: row[0].asText ?? "", exercise: row[1].asText ?? "", item: row[2].asText ?? "",
                                   correct: row[3].asInteger ?? 0, wrong: row[4].asInteger ?? 0,
                                   meanAbsoluteCents: centsCount > 0 ? (row[6].asReal ?? 0) / Double(centsCount) : nil)
            }
        }
    }

    /// Each student's answers per day over `days`: progress, and who practised.
    public func dayFigures(days: ClosedRange<Int64>, student: String? = nil) throws -> [DayFigures] {
        try database.read { connection in
            try connection.run(
                """
                SELECT student_id, day, sum(correct_count), sum(wrong_count) FROM daily
                WHERE day >= ? AND day <= ? AND (CAST(? AS TEXT) IS NULL OR student_id = ?)
                GROUP BY student_id, day ORDER BY student_id, day
                """,
                [.integer(days.lowerBound), .integer(days.upperBound), .optional(student), .optional(student)]
            ).map { row in
                DayFigures(student: row[0].asText ?? "", day: row[1].asInteger ?? 0, correct: row[2].asInteger ?? 0, wrong: row[3].asInteger ?? 0)
            }
        }
    }

    /// Every student (or the students `ids`), with the days they practised in `days` and their
    /// answers there, by name.
    public func students(days: ClosedRange<Int64>, ids: [String]? = nil) throws -> [StudentSummary] {
        if ids?.isEmpty == true { return [] }
        return try database.read { connection in
            try connection.run(
                """
                SELECT s.id, s.name, count(DISTINCT d.day), coalesce(sum(d.correct_count + d.wrong_count), 0)
                FROM student s LEFT JOIN daily d ON d.student_id = s.id AND d.day >= ? AND d.day <= ?
                WHERE 1 = 1\(Self.among(ids, column: "s.id"))
                GROUP BY s.id, s.name ORDER BY s.name, s.id
                """,
                [.integer(days.lowerBound), .integer(days.upperBound)] + (ids ?? []).map { .text($0) }
            ).map { row in
                StudentSummary(id: row[0].asText ?? "", name: row[1].asText ?? "", daysPractised: row[2].asInteger ?? 0, answers: row[3].asInteger ?? 0)
            }
        }
    }

    /// Every student's id and name, by name: what the class page searches and pages through.
    public func roster() throws -> [(id: String, name: String)] {
        try database.read { connection in
            try connection.run("SELECT id, name FROM student ORDER BY name, id").map { ($0[0].asText ?? "", $0[1].asText ?? "") }
        }
    }

    /// The students with any answer in `days`: one look into each student's rows (the daily
    /// table's key begins with the student), not a pass over every row of the range.
    public func practised(days: ClosedRange<Int64>) throws -> Set<String> {
        try database.read { connection in
            Set(try connection.run(
                """
                SELECT s.id FROM student s
                WHERE EXISTS (SELECT 1 FROM daily d WHERE d.student_id = s.id AND d.day >= ? AND d.day <= ?)
                """,
                .integer(days.lowerBound), .integer(days.upperBound)
            ).compactMap { $0.first?.asText })
        }
    }

    /// `AND column IN (?, …)` for `ids`, or nothing for nil (every student).
    static func among(_ ids: [String]?, column: String = "student_id") -> String {
        guard let ids else { return "" }
        return " AND \(column) IN (" + Array(repeating: "?", count: ids.count).joined(separator: ", ") + ")"
    }

    /// The name of the student `id`; nil when the hub has no such student.
    public func studentName(_ id: String) throws -> String? {
        try database.read { connection in
            try connection.run("SELECT name FROM student WHERE id = ?", .text(id)).first?.first?.asText
        }
    }

    /// How many answers the hub holds, per box: what the fault tests compare with the boxes'.
    public func answerCounts() throws -> [String: Int64] {
        try database.read { connection in
            var counts: [String: Int64] = [:]
            for row in try connection.run("SELECT box_id, count(*) FROM answer GROUP BY box_id") {
                counts[row[0].asText ?? ""] = row[1].asInteger ?? 0
            }
            return counts
        }
    }
}

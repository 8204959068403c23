import ClassProtocol

extension HubStore {
    /// The largest plan file the hub keeps: a plan of a hundred lessons is a few kilobytes.
    public static let largestPlan = 64 * 1024

    /// Assigns a lesson plan (its file's text, checked by whoever calls: `eartrainer-hub assign`)
    /// to the class, or to one student; it is what their boxes follow from their next round.
    /// Returns its id.
    public func assign(title: String, plan: String, student: String?) throws -> String {
        guard !title.isEmpty, plan.utf8.count <= Self.largestPlan else {
            throw HubRefusal(error: "bad_request", message: "an assignment has a title and a plan of at most \(Self.largestPlan / 1024) KiB")
        }
        let id = Secrets.id()
        try database.transaction { connection in
            if let student, try connection.run("SELECT id FROM student WHERE id = ?", .text(student)).isEmpty {
                throw HubRefusal(error: "unknown_student", message: "the hub has no student \(student)")
            }
            try connection.run("INSERT INTO assignment (id, title, plan, student_id, created_at) VALUES (?, ?, ?, ?, ?)",
                               .text(id), .text(title), .text(plan), .optional(student), .real(now()))
        }
        return id
    }

    /// What a box of `student` follows: the newest assignment for the student, else the newest
    /// for the class; nil when there is none.
    public func assignment(for student: String?) throws -> ClassAssignment? {
        try database.read { connection in
            try connection.run(
                """
                SELECT id, title, plan FROM assignment WHERE student_id = ? OR student_id IS NULL
                ORDER BY CASE WHEN student_id IS NULL THEN 1 ELSE 0 END, created_at DESC, id LIMIT 1
                """,
                .text(student ?? "")
            ).first.map { ClassAssignment(id: $0[0].asText ?? "", title: $0[1].asText ?? "", plan: $0[2].asText ?? "") }
        }
    }

    /// An assignment as the teacher's pages list it.
    public struct AssignmentEntry: Sendable, Hashable {
        public var id: String
        public var title: String
        /// Nil: the whole class's.
        public var student: String?
        public var createdAt: Double
    }

    /// Every assignment, newest first.
    public func assignments() throws -> [AssignmentEntry] {
        try database.read { connection in
            try connection.run("SELECT id, title, student_id, created_at FROM assignment ORDER BY created_at DESC, id").map {
                AssignmentEntry(id: $0[0].asText ?? "", title: $0[1].asText ?? "", student: $0[2].asText, createdAt: $0[3].asReal ?? 0)
            }
        }
    }

    /// Withdraws the assignments for `student` (nil: the class's own); returns how many. The boxes
    /// go back to the one before, or to their config's plan.
    @discardableResult
    public func unassign(student: String?) throws -> Int {
        try database.transaction { connection in
            let removed = try connection.run(
                "DELETE FROM assignment WHERE (student_id = ? OR (CAST(? AS TEXT) IS NULL AND student_id IS NULL)) RETURNING id",
                [.text(student ?? ""), .optional(student)])
            return removed.count
        }
    }
}

extension HubStore {
    /// What `box` is told of itself at the start of each round: where the hub holds it, whether
    /// it is to leave, and the plan it is to follow.
    public func state(of box: Box) throws -> BoxState {
        var state = box.state
        state.assignment = try assignment(for: box.student)
        return state
    }

    /// The student `reference` names: their id, or a name only one student has.
    public func findStudent(_ reference: String) throws -> String {
        let ids = try database.read { connection in
            try connection.run("SELECT id FROM student WHERE id = ? OR name = ? ORDER BY CASE WHEN id = ? THEN 0 ELSE 1 END",
                               .text(reference), .text(reference), .text(reference)).compactMap { $0[0].asText }
        }
        guard let first = ids.first else { throw HubRefusal(error: "unknown_student", message: "the hub has no student '\(reference)'") }
        guard first == reference || ids.count == 1 else {
            throw HubRefusal(error: "unknown_student", message: "\(ids.count) students are named '\(reference)': give one's id")
        }
        return first
    }
}

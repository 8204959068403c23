import ClassProtocol

extension HubStore {
    /// How long a one-time code can be used: a week.
    public static let codeLifetime = 7 * 86_400.0

    /// A new student named `name`; returns their id.
    public func addStudent(name: String) throws -> String {
        let id = Secrets.id()
        try database.transaction { connection in
            try connection.run("INSERT INTO student (id, name, created_at) VALUES (?, ?, ?)", .text(id), .text(name), .real(now()))
        }
        return id
    }

    /// A one-time code for `student` (an id), or for a student the box will name when it joins;
    /// returns the code's secret (`K7QF-93XD-M2XA-PW4R`): only its hash is kept.
    public func makeCode(student: String?) throws -> String {
        let code = Secrets.code()
        let time = now()
        try database.transaction { connection in
            try connection.run("INSERT INTO enroll_code (secret_hash, student_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                               .text(Secrets.hash(Secrets.canonicalCode(code)!)), .optional(student), .real(time),
                               .real(time + Self.codeLifetime))
        }
        return code
    }

    /// A box joins with a one-time code: the code is used up in the same transaction that makes
    /// the box, so a second use is refused. Returns the box's id, its student and its token.
    public func join(_ request: JoinRequest) throws -> JoinReply {
        guard let canonical = Secrets.canonicalCode(request.code) else {
            throw HubRefusal(error: "unknown_code", message: "that is not a class code: 16 letters and digits, as K7QF-93XD-M2XA-PW4R")
        }
        guard !request.publicKey.isEmpty, request.publicKey.count <= 200, (1...100).contains(request.name.count) else {
            throw HubRefusal(error: "bad_request", message: "a join names the box (1 to 100 characters) and gives its public key")
        }
        let box = Secrets.id(), token = Secrets.token(), time = now()
        let student: String = try database.transaction { connection in
            let used = try connection.run(
                "UPDATE enroll_code SET used_by = ? WHERE secret_hash = ? AND used_by IS NULL AND expires_at > ? RETURNING student_id",
                .text(box), .text(Secrets.hash(canonical)), .real(time))
            guard let row = used.first else {
                let known = try connection.run("SELECT used_by FROM enroll_code WHERE secret_hash = ?", .text(Secrets.hash(canonical))).first
                throw known == nil
                    ? HubRefusal(error: "unknown_code", message: "the hub made no such code")
                    : HubRefusal(error: "code_used", message: "that code was used already, or is more than a week old: ask for another")
            }
            let student: String
            if let named = row[0].asText {
                student = named
            } else {
                student = Secrets.id()
                try connection.run("INSERT INTO student (id, name, created_at) VALUES (?, ?, ?)", .text(student), .text(request.name), .real(time))
            }
            try connection.run(
                "INSERT INTO box (id, student_id, token_hash, public_key, name, joined_at) VALUES (?, ?, ?, ?, ?, ?)",
                .text(box), .text(student), .text(Secrets.hash(token)), .text(request.publicKey), .text(request.name), .real(time))
            return student
        }
        return JoinReply(box: box, student: student, token: token)
    }

    /// Deletes a student's answers, figures and codes, and the student; their boxes are told to
    /// leave at their next round.
    public func deleteStudent(_ id: String) throws {
        try database.transaction { connection in
            try connection.run("DELETE FROM answer WHERE student_id = ?", .text(id))
            try connection.run("DELETE FROM daily WHERE student_id = ?", .text(id))
            try connection.run("DELETE FROM enroll_code WHERE student_id = ?", .text(id))
            try connection.run("DELETE FROM assignment WHERE student_id = ?", .text(id))
            try connection.run("UPDATE box SET left_at = coalesce(left_at, ?), student_id = NULL WHERE student_id = ?", .real(now()), .text(id))
            try connection.run("DELETE FROM student WHERE id = ?", .text(id))
        }
    }
}

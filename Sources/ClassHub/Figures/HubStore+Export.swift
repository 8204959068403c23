import Foundation

extension HubStore {
    /// Where an exported answer stands: its time, then its uid.
    public struct ExportPosition: Sendable, Hashable {
        public var time: Double
        public var uid: String
    }

    /// One answer as the export writes it.
    public struct ExportedAnswer: Sendable, Hashable {
        public var position: ExportPosition { ExportPosition(time: time, uid: uid) }
        public var uid: String
        public var box: String
        public var student: String
        public var studentName: String
        public var seq: Int64
        public var time: Double
        public var boxTime: Double
        public var session: String
        public var exercise: String
        public var item: String?
        public var expectedMIDI: Int64
        public var playedMIDI: Int64
        public var correct: Bool
        public var attempt: Int64
        public var responseSeconds: Double
        public var cents: Double?
    }

    /// A page of every answer in time order, after `after`: the export reads the whole class a
    /// page at a time.
    public func exportPage(after: ExportPosition?, limit: Int) throws -> [ExportedAnswer] {
        try database.read { connection in
            try connection.run(
                """
                SELECT a.uid, a.box_id, a.student_id, coalesce(s.name, ''), a.seq, a.answered_at, a.box_time, a.session, a.exercise,
                    a.item, a.expected_midi, a.played_midi, a.correct, a.attempt, a.response_seconds, a.cents
                FROM answer a LEFT JOIN student s ON s.id = a.student_id
                WHERE (a.answered_at > ? OR (a.answered_at = ? AND a.uid > ?))
                ORDER BY a.answered_at, a.uid LIMIT ?
                """,
                [.real(after?.time ?? -Double.greatestFiniteMagnitude), .real(after?.time ?? -Double.greatestFiniteMagnitude),
                 .text(after?.uid ?? ""), .integer(Int64(max(0, limit)))]
            ).map { row in
                ExportedAnswer(uid: row[0].asText ?? "", box: row[1].asText ?? "", student: row[2].asText ?? "", studentName: row[3].asText ?? "",
                               seq: row[4].asInteger ?? 0, time: row[5].asReal ?? 0, boxTime: row[6].asReal ?? 0, session: row[7].asText ?? "",
                               exercise: row[8].asText ?? "", item: row[9].asText, expectedMIDI: row[10].asInteger ?? 0,
                               playedMIDI: row[11].asInteger ?? 0, correct: (row[12].asInteger ?? 0) != 0, attempt: row[13].asInteger ?? 0,
                               responseSeconds: row[14].asReal ?? 0, cents: row[15].asReal)
            }
        }
    }
}

/// The export's CSV (RFC 4180, CRLF).
public enum HubExport {
    public static let header = "time,box_time,student,student_name,box,seq,answer,session,exercise,item,expected_midi,played_midi,correct,attempt,response_seconds,cents\r\n"

    public static func line(_ answer: HubStore.ExportedAnswer) -> String {
        let fields: [String] = [
            timestamp(answer.time), timestamp(answer.boxTime), answer.student, answer.studentName, answer.box, String(answer.seq),
            answer.uid, answer.session, answer.exercise, answer.item ?? "", String(answer.expectedMIDI), String(answer.playedMIDI),
            answer.correct ? "true" : "false", String(answer.attempt), String(format: "%.3f", answer.responseSeconds),
            answer.cents.map { String(format: "%.2f", $0) } ?? "",
        ]
        return fields.map(quote).joined(separator: ",") + "\r\n"
    }

    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func timestamp(_ time: Double) -> String {
        Date(timeIntervalSince1970: time).formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
    }
}

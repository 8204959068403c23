import ClassProtocol
import Foundation

extension HubStore {
    /// A box's clock this far from the hub's, in seconds, is taken as set wrong: its answers'
    /// times are moved by the difference.
    public static let clockTolerance = 300.0

    /// Takes a page of `box`'s answers, all in one transaction: each answer stored once (by its
    /// uid: a retry, or a file restored from a backup, is a duplicate), the daily figures
    /// computed from what was stored, and the box's `acked_through` moved to the page's end.
    /// Refused, with nothing written, when the page starts after what the hub holds (`ask_again`:
    /// the hub was restored from an older backup, and the box is to ask where it is).
    public func push(_ push: AnswerPush, from box: Box) throws -> PushReceipt {
        try Self.check(push)
        let received = now()
        let offset = abs(received - push.sentAt) > Self.clockTolerance ? received - push.sentAt : 0
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try database.transaction { connection in
            guard let row = try connection.run("SELECT acked_through, left_at, student_id FROM box WHERE id = ?", .text(box.id)).first,
                  row[1] == .null, let student = row[2].asText else {
                throw HubRefusal(error: "left", message: "this box has left the class")
            }
            let acked = row[0].asInteger ?? 0
            guard push.after <= acked else {
                throw HubRefusal(error: "ask_again", message: "the hub holds answers up to \(acked) only: ask where it is and push from there")
            }
            var stored = 0
            var figures = DailyDelta.Table()
            for answer in push.answers where answer.seq > acked {
                let time = answer.time + offset
                let record = String(decoding: try encoder.encode(answer.record), as: UTF8.self)
                let inserted = try connection.run(
                    """
                    INSERT INTO answer (uid, box_id, seq, student_id, answered_at, box_time, received_at, day, session, exercise,
                        item, expected_midi, played_midi, correct, attempt, response_seconds, cents, record)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (uid) DO NOTHING RETURNING uid
                    """,
                    [.text(answer.uid), .text(box.id), .integer(answer.seq), .text(student), .real(time), .real(answer.time),
                     .real(received), .integer(DailyDelta.day(of: time)), .text(answer.session), .text(answer.exercise),
                     .optional(answer.item), .integer(Int64(answer.expectedMIDI)), .integer(Int64(answer.playedMIDI)),
                     .flag(answer.correct), .integer(Int64(answer.attempt)), .real(answer.responseSeconds),
                     .optional(answer.cents), .text(record)])
                guard !inserted.isEmpty else { continue }
                stored += 1
                figures.add(answer, at: time)
            }
            for (key, delta) in figures.deltas { try delta.upsert(key, student: student, connection) }
            let through = max(acked, push.through)
            try connection.run("UPDATE box SET acked_through = ?, last_push_at = ?, clock_offset = ? WHERE id = ?",
                               .integer(through), .real(received), .real(offset), .text(box.id))
            return PushReceipt(ackedThrough: through, stored: stored, duplicates: push.answers.count - stored)
        }
    }

    /// A page the hub can take: at most `largestPage` answers, their sequence numbers rising
    /// within (after, through], each uid a UUID.
    static func check(_ push: AnswerPush) throws {
        guard push.answers.count <= AnswerPush.largestPage else {
            throw HubRefusal(error: "too_large", message: "at most \(AnswerPush.largestPage) answers in a push")
        }
        var last = push.after
        for answer in push.answers {
            guard answer.seq > last, answer.seq <= push.through else {
                throw HubRefusal(error: "bad_request", message: "the answers' sequence numbers rise from after to through")
            }
            guard answer.uid.utf8.count == 32, answer.uid.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
                  answer.time.isFinite, answer.responseSeconds.isFinite,
                  answer.cents?.isFinite ?? true else {
                throw HubRefusal(error: "bad_request", message: "answer \(answer.seq): a uid of 32 hex digits and finite numbers")
            }
            last = answer.seq
        }
        guard push.after >= 0, push.through >= push.after, push.sentAt.isFinite else {
            throw HubRefusal(error: "bad_request", message: "after, through and sent_at: through at least after")
        }
    }
}

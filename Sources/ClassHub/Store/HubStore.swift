import ClassProtocol
import Foundation

/// Everything the hub keeps, on SQLite or PostgreSQL: students, one-time codes, boxes, every
/// answer once, and the daily figures computed from them. Its calls block (run them off Swift's
/// cooperative pool) and each is one transaction.
public final class HubStore: Sendable {
    public let database: any SQLDatabase
    /// Now, Unix seconds: the hub's clock, injected so that tests can move it.
    let now: @Sendable () -> Double

    /// Opens the store on `database`, bringing its schema up to date.
    public init(_ database: any SQLDatabase, now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) throws {
        self.database = database
        self.now = now
        try HubSchema.migrate(database, now: now())
    }

    /// A box as the hub knows it.
    public struct Box: Sendable, Hashable {
        public var id: String
        /// Nil once its student was deleted.
        public var student: String?
        public var name: String
        /// The box's public key (P-256, X9.63, base64): its requests are signed by it.
        public var publicKey: String
        public var ackedThrough: Int64
        /// When the teacher removed it, or its student was deleted.
        public var leftAt: Double?
        public var lastPushAt: Double?
        /// The box's clock's error at its last push, seconds (0 within 5 minutes).
        public var clockOffset: Double

        /// What the box is told of itself.
        public var state: BoxState {
            BoxState(box: id, student: student ?? "", ackedThrough: ackedThrough, leave: leftAt != nil)
        }
    }

    static let boxColumns = "id, student_id, name, public_key, acked_through, left_at, last_push_at, clock_offset"

    static func box(_ row: SQLRow) -> Box {
        Box(id: row[0].asText ?? "", student: row[1].asText, name: row[2].asText ?? "", publicKey: row[3].asText ?? "",
            ackedThrough: row[4].asInteger ?? 0, leftAt: row[5].asReal, lastPushAt: row[6].asReal, clockOffset: row[7].asReal ?? 0)
    }

    /// The box whose token this is; nil for a token the hub never gave (or gave to a box since
    /// removed from the store).
    public func box(token: String) throws -> Box? {
        try database.read { connection in
            try connection.run("SELECT \(Self.boxColumns) FROM box WHERE token_hash = ?", .text(Secrets.hash(token))).first.map(Self.box)
        }
    }

    /// Every box, newest first.
    public func boxes() throws -> [Box] {
        try database.read { connection in
            try connection.run("SELECT \(Self.boxColumns) FROM box ORDER BY joined_at DESC, id").map(Self.box)
        }
    }

    /// The teacher removed the box: it is told to leave at its next round, and its token writes
    /// nothing more. Its answers stay.
    public func removeBox(_ id: String) throws {
        try database.transaction { connection in
            try connection.run("UPDATE box SET left_at = ? WHERE id = ? AND left_at IS NULL", .real(now()), .text(id))
        }
    }
}

import Foundation
import GRDB
import Logging
import Synchronization

/// The statistics in an SQLite file, through GRDB: WAL, one transaction per answer with
/// `synchronous = FULL`, versioned migrations. See `docs/statistics.md`.
///
/// A file that is not a healthy SQLite database is never written to: opening fails (or, through
/// `open`, gives an `UnavailableStatisticsStore`) and the file is left exactly as it was.
///
/// A database that cannot be written now (a read-only or missing state directory, a disk that went
/// read-only under it) is opened again at the next write, through the same checks: see
/// `SQLiteStatisticsStore+Reopen.swift`.
public final class SQLiteStatisticsStore: StatisticsStore {
    /// The database file.
    public let path: String
    /// The open database, or why there is none yet.
    let connection: Mutex<Connection>
    let clock: any WallClock
    let timeZone: TimeZone
    let logger: Logger
    /// Set when the database reports corruption while running: from then on nothing is written.
    private let failure = Mutex<String?>(nil)
    /// Why the last write failed (a full disk, an I/O error); nil once a write succeeds again.
    let trouble = Mutex<String?>(nil)
    /// How many writes succeeded: figures read at the same revision (and second) are still true.
    let revision = Mutex(0)
    /// Each profile's figures kept up to date (`lifetimeFigures(profile:)`).
    let tallies = Mutex<[String: ProfileTally]>([:])
    /// Readings of figures so far: each tally's `lastRead`.
    let readingCount = Atomic<UInt64>(0)

    /// How many profiles' tallies are kept now (at most `tallyLimit`).
    public var talliesKept: Int { tallies.withLock { $0.count } }

    /// Opens (creating, or migrating from an older version) the database at `path`; throws
    /// `.unavailable` when it is corrupt or from a newer version, `.database` when it cannot be
    /// written now (a later try may succeed: `open` gives a store that tries again).
    public init(
        path: String, clock: any WallClock = SystemWallClock(), timeZone: TimeZone = .current, logger: Logger
    ) throws(StatisticsError) {
        self.path = path
        self.connection = Mutex(Connection(pool: try Self.openDatabase(path: path)))
        self.clock = clock
        self.timeZone = timeZone
        self.logger = logger
        logger.info("statistics database open", metadata: ["path": "\(path)"])
    }

    /// A store whose database could not be opened for `reason`; the first write opens it.
    private init(unopened path: String, reason: String, clock: any WallClock, timeZone: TimeZone, logger: Logger) {
        self.path = path
        self.connection = Mutex(Connection(pool: nil, reopen: true, opened: false))
        self.clock = clock
        self.timeZone = timeZone
        self.logger = logger
        trouble.withLock { $0 = reason }
    }

    /// The store the daemon should use: the database at `path`; when it cannot be written now, a
    /// store that is `failing` with the reason and opens it at a later write; when it must never
    /// be written (corrupt, from a newer version) or `path` is nil, an `UnavailableStatisticsStore`
    /// saying why. Training goes on either way.
    public static func open(
        path: String?, clock: any WallClock = SystemWallClock(), timeZone: TimeZone = .current, logger: Logger
    ) -> any StatisticsStore {
        guard let path else {
            let reason = "no place for the database: set STATE_DIRECTORY or HOME, or storage.database"
            logger.error("statistics unavailable", metadata: ["reason": "\(reason)"])
            return UnavailableStatisticsStore(reason: reason)
        }
        do {
            return try SQLiteStatisticsStore(path: path, clock: clock, timeZone: timeZone, logger: logger)
        } catch {
            switch error {
            case .database(let reason):
                logger.error("statistics not recorded until the database can be opened",
                             metadata: ["path": "\(path)", "reason": "\(reason)"])
                return SQLiteStatisticsStore(unopened: path, reason: reason, clock: clock, timeZone: timeZone, logger: logger)
            case .unavailable(let reason):
                logger.error("statistics unavailable", metadata: ["path": "\(path)", "reason": "\(reason)"])
                return UnavailableStatisticsStore(reason: reason)
            }
        }
    }

    public var status: StoreStatus {
        if let reason = failure.withLock({ $0 }) { return .unavailable(reason: reason) }
        if let reason = trouble.withLock({ $0 }) { return .failing(location: path, reason: reason) }
        return .available(location: path)
    }

    /// Runs a write, turning corruption into a permanent stop and any other failure into
    /// `failing` until a write succeeds again; after a failure a new connection may not have,
    /// the database is opened again first.
    func write(_ body: (Database) throws -> Void) throws(StatisticsError) {
        if let reason = failure.withLock({ $0 }) { throw .unavailable(reason: reason) }
        let pool = try writablePool()
        do {
            try pool.write(body)
        } catch {
            let stopped = stopIfCorrupt(error)
            guard case .database = stopped else { throw stopped }
            let reason = Self.writeFailure(error, path: path)
            trouble.withLock { $0 = reason }
            if Self.needsNewConnection(error) { connection.withLock { $0.reopen = true } }
            throw .database(reason)
        }
        trouble.withLock { $0 = nil }
        revision.withLock { $0 += 1 }
    }

    /// `PRAGMA wal_checkpoint(TRUNCATE)`: the log folded into the file and emptied. A failure
    /// (a full disk, a reader holding the log) leaves the log as it was, whole: SQLite reads it
    /// at the next open.
    public func checkpoint() {
        guard failure.withLock({ $0 }) == nil, let pool = try? writablePool() else { return }
        try? pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// Why a write failed, in words a student can act on: a full disk says so first.
    static func writeFailure(_ error: any Error, path: String) -> String {
        guard let error = error as? DatabaseError else { return "cannot write \(path): \(error)" }
        let message = error.message ?? "\(error.resultCode)"
        if error.resultCode == .SQLITE_FULL {
            return "the disk is full (SQLITE_FULL: \(message)) writing \(path)"
        }
        return "cannot write \(path) (\(error.resultCode): \(message))"
    }

    /// Runs a read, on the database last opened.
    func read<T>(_ body: (Database) throws -> T) throws(StatisticsError) -> T {
        if let reason = failure.withLock({ $0 }) { throw .unavailable(reason: reason) }
        let pool = try openPool()
        do {
            return try pool.read(body)
        } catch {
            throw stopIfCorrupt(error)
        }
    }

    private func stopIfCorrupt(_ error: any Error) -> StatisticsError {
        if let error = error as? DatabaseError, Self.isCorruption(error) {
            let reason = "\(path) is corrupt (\(error.message ?? "\(error.resultCode)")); it is left untouched"
            stop(reason)
            return .unavailable(reason: reason)
        }
        return .database("\(error)")
    }

    /// Stops writing for good: the file must not be touched.
    func stop(_ reason: String) {
        failure.withLock { $0 = reason }
        logger.error("statistics database not to be written; recording stopped",
                     metadata: ["path": "\(path)", "reason": "\(reason)"])
    }

    static func isCorruption(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    }

}

extension SQLiteStatisticsStore {
    /// The value of `PRAGMA name` on the writing connection, for diagnostics and tests.
    public func pragma(_ name: String) throws(StatisticsError) -> String? {
        guard name.allSatisfy({ $0.isLetter || $0 == "_" }) else { throw .database("not a pragma name: \(name)") }
        let pool = try openPool()
        do {
            return try pool.write { try String.fetchOne($0, sql: "PRAGMA \(name)") }
        } catch {
            throw .database("\(error)")
        }
    }
}

import Foundation
import GRDB

/// Opening the database again when the connection open may never write again.
///
/// A disk that turns read-only under an open database (ext4's `errors=remount-ro` after an I/O
/// error) stays so for the files open on it: once the admin has checked it and mounted it again,
/// only a new connection, opened through the path, writes there. The same holds for a state
/// directory that was read-only or missing when the daemon started. So a write that fails with an
/// I/O error, a read-only file or a file that cannot be opened marks the connection for
/// replacement, and the next write opens the database again, through every check of
/// `openDatabase` (corruption is still never written to).
extension SQLiteStatisticsStore {
    /// The database open now, and whether the next write should open it again.
    struct Connection: Sendable {
        /// Nil until the database is open, and between closing one connection and opening the next.
        var pool: DatabasePool?
        /// The last write failed in a way a new connection may not (or none was ever open).
        var reopen = false
        /// The database was open once: it is not made anew (see `openDatabase(path:existing:)`).
        var opened = true
    }

    /// The connection to write through: the open one, or, when it is marked for replacement (or
    /// there is none), a new one. Throws `.database` while the database cannot be opened,
    /// `.unavailable` once it is found corrupt.
    func writablePool() throws(StatisticsError) -> DatabasePool {
        let (pool, opened) = try connection.withLock { (connection) throws(StatisticsError) -> (DatabasePool, Bool) in
            if let pool = connection.pool, !connection.reopen { return (pool, false) }
            if let old = connection.pool {
                // Closed (once its readers are done) before a new one opens: closing, SQLite may
                // delete the WAL by its path, which must not be the new connection's.
                do {
                    try old.close()
                } catch {
                    throw .database(trouble.withLock { $0 } ?? "cannot close \(path): \(Self.describe(error))")
                }
                connection.pool = nil
            }
            let pool: DatabasePool
            do throws(StatisticsError) {
                pool = try Self.openDatabase(path: path, existing: connection.opened)
            } catch {
                switch error {
                case .unavailable(let reason): stop(reason)
                case .database(let reason): trouble.withLock { $0 = reason }
                }
                throw error
            }
            connection = Connection(pool: pool)
            return (pool, true)
        }
        if opened {
            // The file may not be the one tallied: figures are read again from it. (Outside the
            // connection's lock: a reading takes the tallies' lock first.)
            tallies.withLock { $0.removeAll() }
            revision.withLock { $0 += 1 }
            logger.notice("statistics database opened", metadata: ["path": "\(path)"])
        }
        return pool
    }

    /// The connection to read through; throws while the database could never be opened.
    func openPool() throws(StatisticsError) -> DatabasePool {
        guard let pool = connection.withLock({ $0.pool }) else {
            throw .database(status.reason ?? "\(path) is not open")
        }
        return pool
    }

    /// Whether `error` may be one the connection never gets over (the file system it has open
    /// turned read-only, was shut down or unmounted), while a new one might not see it.
    static func needsNewConnection(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return [.SQLITE_IOERR, .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM].contains(error.resultCode)
    }
}

extension StoreStatus {
    /// Why the store does not record, if it does not.
    var reason: String? {
        switch self {
        case .available: nil
        case .unavailable(let reason), .failing(_, let reason): reason
        }
    }
}

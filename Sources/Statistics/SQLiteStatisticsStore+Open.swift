import Foundation
import GRDB

extension SQLiteStatisticsStore {
    /// The first 16 bytes of every SQLite 3 database file.
    static let header = Array("SQLite format 3\0".utf8)

    /// Opens the database, checking before anything could write to it:
    /// 1. the directory exists or is made (0700) — or, `existing`, the file must be there already;
    /// 2. an existing, non-empty file must start with SQLite's header;
    /// 3. an existing file must pass `PRAGMA quick_check` through a read-only connection, and must
    ///    not hold migrations this version does not know (a newer eartrainer wrote it);
    /// 4. only then is it opened for writing (WAL, which rewrites two header bytes of a file in
    ///    rollback mode), migrated, set to `synchronous = FULL`, and probed for a write lock.
    ///
    /// Throws `.unavailable` for a file that must never be written (not SQLite, corrupt, newer),
    /// `.database` for one that cannot be written now (a read-only or missing directory, a full
    /// disk, an I/O error), which a later try may open.
    static func openDatabase(path: String, existing: Bool = false) throws(StatisticsError) -> DatabasePool {
        let directory = (path as NSString).deletingLastPathComponent
        if existing {
            // A state directory whose disk is not mounted (again) would get a new, empty database.
            guard fileSize(path) != nil else {
                throw .database("\(path) is not there any more; a new database is made only at start-up")
            }
        } else if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .database("cannot create the directory \(directory): \(describe(error))")
            }
        }
        if let size = fileSize(path), size > 0 {
            try checkHeader(path)
            try checkIntegrity(path)
        }
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            configuration.label = "eartrainer.statistics"
            let pool = try DatabasePool(path: path, configuration: configuration)
            // Only its owner reads a student's answers, however the file was made (by hand, by a
            // copy: 0644 from the umask); a file of another owner keeps its mode.
            for file in [path, path + "-wal", path + "-shm"] { _ = chmod(file, 0o600) }
            try migrator.migrate(pool)
            // GRDB sets NORMAL when it turns WAL on; FULL makes each answer's commit reach the disk
            // before recordAnswer returns, so even a power cut loses at most the answer being written.
            // The pool keeps one writer connection, so this holds for every later write.
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = FULL")
                try db.execute(sql: "BEGIN IMMEDIATE; ROLLBACK")
                // A question left open by the daemon that last wrote here ended with it.
                try db.execute(sql: "UPDATE answer SET question_open = 0 WHERE question_open = 1")
            }
            return pool
        } catch let error as StatisticsError {
            throw error
        } catch let error as DatabaseError where isCorruption(error) {
            throw .unavailable(
                reason: "\(path) is corrupt (\(error.message ?? "\(error.resultCode)")); it is left untouched "
                    + "(move it away to start a new one)")
        } catch {
            // SQLite says only "unable to open database file"; the directory says why.
            let why = access(directory.isEmpty ? "." : directory, W_OK) == 0
                ? describe(error) : "\(directory): \(String(cString: strerror(errno)))"
            throw .database("cannot open \(path) for writing: \(why)")
        }
    }

    static func fileSize(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }

    static func checkHeader(_ path: String) throws(StatisticsError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .database("cannot read \(path)")
        }
        defer { try? handle.close() }
        let bytes = (try? handle.read(upToCount: header.count)).map(Array.init) ?? []
        guard bytes == header else {
            throw .unavailable(
                reason: "\(path) is not an SQLite database; it is left untouched (move it away to start a new one)")
        }
    }

    static func checkIntegrity(_ path: String) throws(StatisticsError) {
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            let (result, superseded) = try queue.read { db in
                (try String.fetchAll(db, sql: "PRAGMA quick_check"), try migrator.hasBeenSuperseded(db))
            }
            try queue.close()
            guard !superseded || result != ["ok"] else {
                throw StatisticsError.unavailable(reason: "\(path) was written by a newer eartrainer; it is left untouched")
            }
            guard result == ["ok"] else {
                throw StatisticsError.unavailable(
                    reason: "\(path) is corrupt (quick_check: \(result.prefix(3).joined(separator: "; "))); "
                        + "it is left untouched (move it away to start a new one)")
            }
        } catch let error as StatisticsError {
            throw error
        } catch let error as DatabaseError where isCorruption(error) {
            throw .unavailable(
                reason: "\(path) is corrupt (\(error.message ?? "\(error.resultCode)")); it is left untouched "
                    + "(move it away to start a new one)")
        } catch {
            throw .database("cannot read \(path): \(describe(error))")
        }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return "\(error)"
    }
}

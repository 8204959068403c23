import Dispatch
import Synchronization

/// The hub's store on PostgreSQL (`--store postgresql://…`): a school's or a district's. A pool
/// of libpq connections, each transaction on one; a connection the server dropped is replaced.
public final class PostgresDatabase: SQLDatabase {
    public let url: String
    public var kind: String { "postgresql" }
    private let idle = Mutex<[PostgresConnection]>([])
    private let slots: DispatchSemaphore

    /// Connects once to `url`, to say now whether it can, and keeps up to `connections` open.
    public init(url: String, connections: Int = 8) throws {
        self.url = url
        slots = DispatchSemaphore(value: connections)
        let first = try PostgresConnection(url: url)
        idle.withLock { $0.append(first) }
    }

    /// Runs one statement outside a transaction (`CREATE DATABASE` cannot run in one).
    public func outsideTransaction(_ sql: String) throws {
        let connection = try idle.withLock { $0.popLast() } ?? PostgresConnection(url: url)
        try connection.run(sql, [])
        idle.withLock { $0.append(connection) }
    }

    public func transaction<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        slots.wait()
        defer { slots.signal() }
        let connection = try begin()
        do {
            let result = try body(connection)
            try connection.run("COMMIT", [])
            idle.withLock { $0.append(connection) }
            return result
        } catch {
            if connection.isHealthy, (try? connection.run("ROLLBACK", [])) != nil { idle.withLock { $0.append(connection) } }
            throw error
        }
    }

    /// A connection with a transaction begun: an idle one, or a new one when none is idle or the
    /// idle one was dropped by the server.
    private func begin() throws -> PostgresConnection {
        while let connection = idle.withLock({ $0.popLast() }) {
            if connection.isHealthy, (try? connection.run("BEGIN", [])) != nil { return connection }
        }
        let connection = try PostgresConnection(url: url)
        try connection.run("BEGIN", [])
        return connection
    }
}

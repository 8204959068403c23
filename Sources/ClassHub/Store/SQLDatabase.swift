/// A row: its columns' values in the statement's order.
public typealias SQLRow = [SQLValue]

/// One connection inside a transaction. Statements use `?` for their parameters, in order; the
/// PostgreSQL side numbers them. Every statement the hub runs is written once, in SQL both
/// stores take.
public protocol SQLConnection {
    /// Runs one statement with `values` bound to its `?`s, in order; returns its rows (none for
    /// a statement without `RETURNING` or a result).
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue]) throws -> [SQLRow]
}

extension SQLConnection {
    @discardableResult
    public func run(_ sql: String, _ values: SQLValue...) throws -> [SQLRow] { try run(sql, values) }
}

/// A store the hub's SQL runs on: SQLite (`SQLiteDatabase`) or PostgreSQL (`PostgresDatabase`).
/// Its calls block; the server calls them off Swift's cooperative pool.
public protocol SQLDatabase: Sendable {
    /// `sqlite` or `postgresql`, for `status` and the logs.
    var kind: String { get }
    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: (any SQLConnection) throws -> T) throws -> T
    /// Runs `body`, which only reads, on one consistent snapshot. It never waits for a writer,
    /// nor holds one up: a teacher's page or an export beside a class's pushes (SQLite allows
    /// one writer at a time, across processes).
    func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T
}

extension SQLDatabase {
    /// A transaction: PostgreSQL's readers never hold up its writers.
    public func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T { try transaction(body) }
}

/// A statement or a connection that failed, with the store's own words.
public struct SQLError: Error, Sendable, CustomStringConvertible {
    /// The statement, or what was being done (`connect`).
    public var statement: String
    public var message: String
    /// A uniqueness or key was broken (SQLite's constraint error, PostgreSQL's class 23).
    public var isConstraint = false

    public init(statement: String, message: String, isConstraint: Bool = false) {
        self.statement = statement
        self.message = message
        self.isConstraint = isConstraint
    }

    public var description: String { "\(message) (in \(statement.prefix(80)))" }
}

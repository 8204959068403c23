import Foundation
import GRDB

/// The hub's store in one SQLite file (WAL), through GRDB: a class, or a school on one machine.
public final class SQLiteDatabase: SQLDatabase {
    private let pool: DatabasePool
    public let path: String
    public var kind: String { "sqlite" }

    /// Opens (making it when missing) the file at `path`.
    public init(path: String) throws {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw SQLError(statement: "open \(path)", message: "\(error)")
        }
    }

    /// An IMMEDIATE transaction (GRDB's for a writer): it takes SQLite's one write lock as it
    /// begins, waiting for another process's up to 10 s.
    public func transaction<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        do {
            return try pool.write { database in try body(Connection(database: database)) }
        } catch let error as DatabaseError {
            throw SQLError(statement: error.sql ?? "", message: error.message ?? "\(error)",
                           isConstraint: error.resultCode == .SQLITE_CONSTRAINT)
        }
    }

    public func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        do {
            return try pool.read { database in try body(Connection(database: database)) }
        } catch let error as DatabaseError {
            throw SQLError(statement: error.sql ?? "", message: error.message ?? "\(error)",
                           isConstraint: error.resultCode == .SQLITE_CONSTRAINT)
        }
    }

    /// A consistent copy of the whole store at `path` (SQLite's online backup), as an admin takes one.
    public func backup(to path: String) throws {
        let destination = try DatabaseQueue(path: path)
        try pool.backup(to: destination)
    }

    private struct Connection: SQLConnection {
        let database: Database

        func run(_ sql: String, _ values: [SQLValue]) throws -> [SQLRow] {
            let arguments = StatementArguments(values.map(\.databaseValue))
            return try Row.fetchAll(database, sql: sql, arguments: arguments).map { row in
                (0..<row.count).map { SQLValue(row[$0] as DatabaseValue) }
            }
        }
    }
}

extension SQLValue {
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let value): value.databaseValue
        case .real(let value): value.databaseValue
        case .text(let value): value.databaseValue
        }
    }

    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let integer): self = .integer(integer)
        case .double(let real): self = .real(real)
        case .string(let text): self = .text(text)
        case .blob(let data): self = .text(String(decoding: data, as: UTF8.self))
        }
    }
}

import CPostgres
import Glibc

/// One libpq connection (`PGconn`), used by one thread at a time: the pool hands it out.
/// The corresponding C functions are `PQconnectdb`, `PQexecParams` and `PQfinish`.
final class PostgresConnection: SQLConnection, @unchecked Sendable {
    private let connection: OpaquePointer

    /// Connects to `url` (`postgresql://user@host:port/database`, or libpq's `key=value` form).
    init(url: String) throws {
        guard let connection = PQconnectdb(url) else {
            throw SQLError(statement: "connect", message: "libpq could not allocate a connection")
        }
        self.connection = connection
        guard isHealthy else {
            let message = Self.text(PQerrorMessage(connection))
            throw SQLError(statement: "connect", message: message.isEmpty ? "the server refused the connection" : message)
        }
    }

    deinit { PQfinish(connection) }

    /// Whether the connection is still up (a server restarted closes it).
    var isHealthy: Bool { PQstatus(connection) == CONNECTION_OK }

    func run(_ sql: String, _ values: [SQLValue]) throws -> [SQLRow] {
        let numbered = Self.numbered(sql)
        let texts = values.map(\.postgresText)
        let copies = texts.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) }
        guard let result = pointers.withUnsafeBufferPointer({ buffer in
            PQexecParams(connection, numbered, Int32(values.count), nil, buffer.baseAddress, nil, nil, 0)
        }) else {
            throw SQLError(statement: sql, message: Self.text(PQerrorMessage(connection)))
        }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK:
            return []
        case PGRES_TUPLES_OK:
            return Self.rows(result)
        default:
            let state = Self.text(PQresultErrorField(result, Int32(UInt8(ascii: "C"))))
            throw SQLError(statement: sql, message: Self.text(PQresultErrorMessage(result)).trimmingTrailingNewlines,
                           isConstraint: state.hasPrefix("23"))
        }
    }

    private static func rows(_ result: OpaquePointer) -> [SQLRow] {
        let count = PQntuples(result), columns = PQnfields(result)
        let types = (0..<columns).map { PQftype(result, $0) }
        return (0..<count).map { row in
            (0..<columns).map { column in
                guard PQgetisnull(result, row, column) == 0 else { return .null }
                let text = Self.text(PQgetvalue(result, row, column))
                switch types[Int(column)] {
                case 20, 21, 23: return Int64(text).map(SQLValue.integer) ?? .text(text)
                case 700, 701, 1700: return Double(text).map(SQLValue.real) ?? .text(text)
                case 16: return .integer(text == "t" ? 1 : 0)
                default: return .text(text)
                }
            }
        }
    }

    /// `?` placeholders numbered as PostgreSQL's `$1`, `$2`…, outside quoted text.
    static func numbered(_ sql: String) -> String {
        var out = "", count = 0, quoted = false
        for character in sql {
            if character == "'" { quoted.toggle() }
            if character == "?" && !quoted {
                count += 1
                out += "$\(count)"
            } else {
                out.append(character)
            }
        }
        return out
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
}

extension SQLValue {
    /// As PostgreSQL reads a parameter in text form; nil for null.
    var postgresText: String? {
        switch self {
        case .null: nil
        case .integer(let value): String(value)
        case .real(let value): "\(value)"
        case .text(let value): value
        }
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}

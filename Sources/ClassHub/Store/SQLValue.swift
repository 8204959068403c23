/// A value bound to a statement or read from a row: what SQLite and PostgreSQL both hold.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    /// An integer column's value; nil for null.
    public var asInteger: Int64? {
        switch self {
        case .integer(let value): value
        case .real(let value): Int64(exactly: value.rounded())
        case .text(let text): Int64(text)
        case .null: nil
        }
    }

    /// A real column's value (an integer read as one); nil for null.
    public var asReal: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        case .text(let text): Double(text)
        case .null: nil
        }
    }

    /// A text column's value; nil for null.
    public var asText: String? {
        switch self {
        case .text(let text): text
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .null: nil
        }
    }
}

extension SQLValue {
    /// `text`, or null.
    public static func optional(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
    /// `value`, or null.
    public static func optional(_ value: Double?) -> SQLValue { value.map(SQLValue.real) ?? .null }
    /// 1 or 0: neither store has a boolean both read the same.
    public static func flag(_ value: Bool) -> SQLValue { .integer(value ? 1 : 0) }
}

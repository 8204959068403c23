/// A coding key that is any name: for objects whose member names are data (a kind's name, a
/// kind's own params and status fields) rather than fixed by a type.
public struct NameKey: CodingKey, Sendable, Hashable, ExpressibleByStringLiteral {
    public var stringValue: String
    public var intValue: Int? { nil }

    public init(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
    public init(stringLiteral value: String) { stringValue = value }

    /// The member Swift's synthesized coding gives an enum case's one unnamed value.
    public static let firstValue: NameKey = "_0"
}

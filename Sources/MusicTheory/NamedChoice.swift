/// A value chosen by name from a closed list: an exercise kind, a sound source, a tuning system,
/// an answer matching, an interval direction.
///
/// The raw values are the names everywhere: on the socket, in the config file, on the command line,
/// in the statistics database. A name outside the list is refused with the list, never mapped to a
/// default; decoding refuses it the same way, so a `Codable` message or record can hold the value
/// itself instead of a `String` each layer parses again.
public protocol NamedChoice: RawRepresentable, CaseIterable, Sendable, Hashable, Codable where RawValue == String {
    /// The case `text` names, or nil. The default accepts the raw values in any case; a type with
    /// other spellings (`TuningSystem`'s `et`, `ji`) gives its own.
    static func named(_ text: String) -> Self?
}

extension NamedChoice {
    /// A raw value, in any case.
    public static func named(_ text: String) -> Self? {
        let lowered = text.lowercased()
        return allCases.first { $0.rawValue.lowercased() == lowered }
    }

    /// The names accepted, in order: `["scale", "interval"]`.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// The case `text` names, or an error that lists every name accepted.
    public init(choosing text: String) throws(UnknownName) {
        guard let value = Self.named(text) else { throw UnknownName(text, accepted: Self.names) }
        self = value
    }

    /// Decodes the name; an unknown one is `DecodingError.dataCorrupted` whose description lists
    /// the names accepted (the daemon answers it as invalid params).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(choosing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the raw value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A name that is not one of a `NamedChoice`'s: `'viola' is not one of 'cello', 'sine'`.
public struct UnknownName: Error, Hashable, Sendable {
    /// What was given.
    public let text: String
    /// Every name accepted, in order.
    public let accepted: [String]

    /// `text` refused; `accepted` is the list to offer instead.
    public init(_ text: String, accepted: [String]) {
        self.text = text
        self.accepted = accepted
    }
}

extension UnknownName: CustomStringConvertible {
    /// The same words the config file's other choices use: `'x' is not one of 'a', 'b'`.
    public var description: String {
        "'\(text)' is not one of " + accepted.map { "'\($0)'" }.joined(separator: ", ")
    }
}

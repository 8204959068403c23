import Foundation

/// One browser paired with the web view, as the web view reports it to the daemon and
/// `pairing.list` shows it: never its cookie's token, only a short id that names it for
/// `pairing.revoke`.
public struct PairedBrowserSummary: Sendable, Hashable {
    /// Eight hex digits, random, kept with the pairing: stable across restarts, no secret.
    public var id: String
    /// What its `User-Agent` says, in short ("Firefox on Android"); empty when it sent none.
    public var browser: String
    /// When it was paired (unknown for a pairing kept from before this was recorded).
    public var pairedAt: Date?
    /// When it last made a request, to the minute.
    public var lastSeen: Date?
    /// The address it last made a request from (or paired from).
    public var address: String?

    public init(id: String, browser: String, pairedAt: Date?, lastSeen: Date?, address: String?) {
        self.id = id
        self.browser = browser
        self.pairedAt = pairedAt
        self.lastSeen = lastSeen
        self.address = address
    }
}

extension PairedBrowserSummary: Codable {
    enum CodingKeys: String, CodingKey {
        case id, browser, address
        case pairedAt = "paired_at", lastSeen = "last_seen"
    }

    /// Times travel as ISO 8601 text in UTC, to the second (`2025-03-01T17:04:00Z`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        browser = try container.decodeIfPresent(String.self, forKey: .browser) ?? ""
        pairedAt = try Self.date(container, .pairedAt)
        lastSeen = try Self.date(container, .lastSeen)
        address = try container.decodeIfPresent(String.self, forKey: .address)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(browser, forKey: .browser)
        try container.encodeIfPresent(pairedAt.map { $0.formatted(.iso8601) }, forKey: .pairedAt)
        try container.encodeIfPresent(lastSeen.map { $0.formatted(.iso8601) }, forKey: .lastSeen)
        try container.encodeIfPresent(address, forKey: .address)
    }

    private static func date(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Date? {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = try? Date(text, strategy: .iso8601) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "a time such as 2025-03-01T17:04:00Z, not \(text)")
        }
        return date
    }
}

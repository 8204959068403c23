/// `ADDR:PORT` as `web.listen`, `eartrainer-web --listen` and `eartrainctl web-pair` take it: `127.0.0.1:8750`, `0.0.0.0:8750`, `[::1]:8750`.
public struct ListenAddress: Sendable, Hashable {
    public var host: String
    public var port: Int

    /// Loopback only, port 8750: what the web view listens on unless told otherwise.
    public static let standard = ListenAddress(host: "127.0.0.1", port: 8750)

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `ADDR:PORT`; a missing port, or one outside 1–65535, is refused.
    public init(parsing text: String) throws(InvalidListenAddress) {
        guard let colon = text.lastIndex(of: ":") else { throw InvalidListenAddress(text: text) }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace),
              let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port)
        else {
            throw InvalidListenAddress(text: text)
        }
        self.init(host: host, port: port)
    }

    /// Whether only this machine can reach it (127.0.0.0/8, `::1`, `localhost`).
    public var isLoopback: Bool { host.hasPrefix("127.") || host == "::1" || host == "localhost" }

    /// Whether it binds every address of the machine (`0.0.0.0`, `::`).
    public var isWildcard: Bool { host == "0.0.0.0" || host == "::" }
}

extension ListenAddress: CustomStringConvertible {
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

extension ListenAddress: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do { try self.init(parsing: text) } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A listen address that is not `ADDR:PORT`.
public struct InvalidListenAddress: Error, CustomStringConvertible {
    public var text: String
    public var description: String { "'\(text)' is not ADDR:PORT (for example 127.0.0.1:8750, 0.0.0.0:8750 or [::1]:8750)" }
}

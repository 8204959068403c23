/// The `[web]` section: where `eartrainer-web` listens and who may look. The daemon reads and
/// checks it like every section, but only the web view uses it.
public struct WebConfig: Sendable {
    /// The address and port the web view binds: loopback unless the LAN is meant.
    public var listen: ListenAddress
    /// Who may see the live session from another machine.
    public var viewing: WebViewing

    public init(listen: ListenAddress = .standard, viewing: WebViewing = .open) {
        self.listen = listen
        self.viewing = viewing
    }
}

extension WebConfig: Hashable, Codable {}

/// Who may see the pages from another machine. Control (start, repeat, skip, stop) always needs
/// a paired browser there, whatever this says; the machine itself (loopback) may do everything.
public enum WebViewing: String, Sendable, Hashable, Codable, CaseIterable {
    /// Anyone who reaches the port sees the live session and the results: a class's projector.
    case open
    /// Only paired browsers see anything but the pairing page.
    case paired
}

/// `ADDR:PORT` as `web.listen` and `--listen` take it: `127.0.0.1:8750`, `0.0.0.0:8750`, `[::1]:8750`.
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

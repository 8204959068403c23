/// How `eartrainer-web` is set up: where it listens.
public struct WebConfiguration: Sendable {
    /// The address and port the server binds (`--listen`).
    public var listen: ListenAddress

    public init(listen: ListenAddress = .standard) {
        self.listen = listen
    }
}

/// `ADDR:PORT` as `--listen` takes it: `127.0.0.1:8750`, `0.0.0.0:8750`, `[::1]:8750`.
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
        guard !host.isEmpty, let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port) else {
            throw InvalidListenAddress(text: text)
        }
        self.init(host: host, port: port)
    }
}

extension ListenAddress: CustomStringConvertible {
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// A `--listen` value that is not `ADDR:PORT`.
public struct InvalidListenAddress: Error, CustomStringConvertible {
    public var text: String
    public var description: String { "'\(text)' is not ADDR:PORT (for example 127.0.0.1:8750 or [::1]:8750)" }
}

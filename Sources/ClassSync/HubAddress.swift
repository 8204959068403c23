/// A hub's address as a box is given it: `https://host:port` (any host, the certificate pinned)
/// or `http://host:port` (a loopback address only: a hub on the same machine).
public struct HubAddress: Sendable, Hashable, CustomStringConvertible {
    public var secure: Bool
    public var host: String
    public var port: Int

    /// Reads `text`; nil for anything else, or for plain HTTP to another machine.
    public init?(_ text: String) {
        let secure: Bool
        let rest: Substring
        if text.hasPrefix("https://") {
            secure = true
            rest = text.dropFirst("https://".count)
        } else if text.hasPrefix("http://") {
            secure = false
            rest = text.dropFirst("http://".count)
        } else {
            return nil
        }
        let authority = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        var host = Substring(authority), port = secure ? 443 : 80
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") { guard let number = Int(after.dropFirst()) else { return nil }; port = number }
        } else if let colon = authority.lastIndex(of: ":") {
            guard let number = Int(authority[authority.index(after: colon)...]) else { return nil }
            host = authority[..<colon]
            port = number
        }
        guard !host.isEmpty, (1...65_535).contains(port) else { return nil }
        guard secure || Self.isLoopback(String(host)) else { return nil }
        self.secure = secure
        self.host = String(host)
        self.port = port
    }

    /// `localhost`, 127.0.0.0/8 or ::1.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Whether the host is an address rather than a name (no SNI for it).
    var isAddress: Bool { host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." } }

    public var description: String {
        "\(secure ? "https" : "http")://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}

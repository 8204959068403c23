import Foundation

/// Where a phone on the network reaches the web view, from `web.listen`.
public enum WebAddresses {
    /// `http://ADDR:PORT` for the listen address, or for each of this machine's network
    /// addresses when it listens on all of them (`0.0.0.0`, `::`).
    public static func urls(listen: String) -> [String] {
        guard let colon = listen.lastIndex(of: ":") else { return ["http://\(listen)"] }
        let host = String(listen[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let port = listen[listen.index(after: colon)...]
        let hosts = host == "0.0.0.0" || host == "::" ? networkAddresses() : [host]
        return (hosts.isEmpty ? ["127.0.0.1"] : hosts).map { "http://\($0.contains(":") ? "[\($0)]" : $0):\(port)" }
    }

    /// Whether `web.listen` serves this machine alone.
    public static func isLoopback(_ listen: String) -> Bool {
        listen.hasPrefix("127.") || listen.hasPrefix("[::1]") || listen.hasPrefix("localhost")
    }

    /// This machine's IPv4 addresses on interfaces that are up, loopback aside.
    public static func networkAddresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [String] = []
        var entry = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            let flags = Int32(current.pointee.ifa_flags)
            guard let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                  flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0 else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var raw = inet.pointee.sin_addr
                _ = inet_ntop(AF_INET, &raw, &text, socklen_t(INET_ADDRSTRLEN))
            }
            addresses.append(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return addresses
    }
}

import Foundation
import Training

/// Where a phone on the network reaches the web view, from `web.listen`.
public enum WebAddresses {
    /// `http://ADDR:PORT` for the listen address, or for each of this machine's network
    /// addresses when it listens on all of them (`0.0.0.0`, `::`).
    public static func urls(listen: ListenAddress) -> [String] {
        let hosts = listen.isWildcard ? networkAddresses() : [listen.host]
        return (hosts.isEmpty ? ["127.0.0.1"] : hosts).map { ListenAddress(host: $0, port: listen.port) }.map { "http://\($0)" }
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

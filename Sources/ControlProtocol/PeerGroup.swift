import Glibc

/// Who is behind a peer address, as the limits count them (pairing tries in the daemon,
/// connections and requests in the web view): one name for everything one party can choose to
/// come from.
///
/// - This machine (no address, or any of 127.0.0.0/8 or ::1) is one: every local account can
///   bind any loopback address.
/// - An IPv4 address (also one mapped into IPv6) is itself.
/// - An IPv6 address on one of `localNetworks` (this machine's own /64s: the LAN, where each phone
///   has an address of its own) is itself; any other is its /64, which one party holds whole.
public enum PeerGroup {
    /// The name of the party at `address`, given the IPv6 networks whose addresses count one by
    /// one (their first 64 bits, as `name` spells a /64).
    public static func name(of address: String?, localNetworks: () -> Set<String> = { [] }) -> String {
        guard let address else { return "loopback" }
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            return ipv4(withUnsafeBytes(of: &v4) { Array($0) })
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        guard inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return ipv4(Array(bytes[12...]))
        }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return "loopback" }
        let network = slash64(bytes)
        return localNetworks().contains(network) ? bytes.map { String(format: "%02x", $0) }.joined() : network
    }

    private static func ipv4(_ bytes: [UInt8]) -> String {
        bytes[0] == 127 ? "loopback" : bytes.map(String.init).joined(separator: ".")
    }

    private static func slash64(_ bytes: [UInt8]) -> String {
        bytes[0..<8].map { String(format: "%02x", $0) }.joined() + "::/64"
    }

    /// This machine's own IPv6 /64 networks, from its interfaces' addresses (`getifaddrs(3)`);
    /// link-local ones too, which a phone beside it may use.
    @Sendable public static func localNetworks() -> Set<String> {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var networks: Set<String> = []
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            if let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET6) {
                let bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
                }
                networks.insert(slash64(bytes))
            }
            cursor = entry.pointee.ifa_next
        }
        return networks
    }
}

import ControlProtocol
import Foundation
import Synchronization
import Training

/// The names this server answers to, and so the only pages a request may come from. A browser
/// sends the name in its address bar as `Host`, and its page's `http://NAME:PORT` as `Origin`;
/// a page whose name an attacker rebound to this machine (DNS rebinding) sends the attacker's
/// name in both, so both are checked against this list and never against each other.
///
/// Served: the configured listen address, `localhost`, `127.0.0.1` and `::1`; when listening on
/// every address (`0.0.0.0`, `::`), also this machine's own addresses (as `eartrainctl web-pair`
/// lists them) and its host name (`NAME`, `NAME.local`).
final class ServedHosts: Sendable {
    private let names: Set<String>
    private let everyAddress: Bool
    private let machineAddresses: @Sendable () -> [String]
    /// The port the server bound: the configured one, or the one the system chose for port 0.
    private let port: Atomic<Int>

    /// `machineAddresses`: this machine's addresses, asked again for a name not on the list
    /// (an address a DHCP lease gave after the start).
    init(listen: ListenAddress, machineAddresses: @escaping @Sendable () -> [String] = WebAddresses.networkAddresses) {
        var names: Set<String> = ["localhost", "127.0.0.1", "::1"]
        if listen.isWildcard {
            names.formUnion(machineAddresses())
            if let host = Self.hostName() { names.formUnion([host, host + ".local"]) }
        } else {
            names.insert(listen.host.lowercased())
        }
        self.names = names
        everyAddress = listen.isWildcard
        self.machineAddresses = machineAddresses
        port = Atomic(listen.port)
    }

    /// Takes the port the server bound (the system's choice when the configuration said 0).
    func bound(port: Int) { self.port.store(port, ordering: .relaxed) }

    /// Whether `Host` names this server: a served name, with the bound port or none (a client
    /// that leaves it out; the connection reached this port anyway).
    func serves(host authority: String?) -> Bool {
        guard let authority, let host = Self.split(authority) else { return false }
        return (host.port == nil || host.port == port.load(ordering: .relaxed)) && serves(name: host.name)
    }

    /// Whether `origin` is one of this server's own pages: `http(s)://NAME:PORT` with a served
    /// name and the bound port. `null` (a sandboxed or file page) and any path are refused.
    func isOwn(origin: String) -> Bool {
        let schemes = [("http://", 80), ("https://", 443)]
        guard let scheme = schemes.first(where: { origin.lowercased().hasPrefix($0.0) }),
              let host = Self.split(String(origin.dropFirst(scheme.0.count)))
        else { return false }
        return (host.port ?? scheme.1) == port.load(ordering: .relaxed) && serves(name: host.name)
    }

    private func serves(name: String) -> Bool {
        names.contains(name) || (everyAddress && machineAddresses().contains(name))
    }

    /// `NAME`, `NAME:PORT`, `[V6]` or `[V6]:PORT` as a lowercase name (brackets dropped) and a
    /// port; nil for anything else (a path, user info, a bad port, an unbracketed IPv6 address).
    static func split(_ authority: String) -> (name: String, port: Int?)? {
        let text = authority.lowercased()
        let name: Substring
        let rest: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            name = text[text.index(after: text.startIndex)..<close]
            rest = text[text.index(after: close)...]
        } else {
            let colon = text.firstIndex(of: ":") ?? text.endIndex
            name = text[..<colon]
            rest = text[colon...]
        }
        guard !name.isEmpty, !name.contains(where: { "/@?#\\ ".contains($0) }) else { return nil }
        if rest.isEmpty { return (String(name), nil) }
        let digits = rest.dropFirst()
        guard rest.hasPrefix(":"), (1...5).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let port = Int(digits), (1...65535).contains(port)
        else { return nil }
        return (String(name), port)
    }

    /// This machine's name (`gethostname`), lowercased; nil when it has none.
    private static func hostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
        return name.isEmpty || name == "localhost" ? nil : name
    }
}

/// A sequencer port: client id and port id, as `aconnect -l` shows them (`20:0`).
/// Client ids change when a device is re-plugged, so keyboards are remembered by name.
public struct PortAddress: Sendable, Hashable {
    public let client: Int
    public let port: Int

    public init(client: Int, port: Int) {
        self.client = client
        self.port = port
    }

    /// Parses `client:port` (`20:0`); nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let client = Int(parts[0]), let port = Int(parts[1]),
              (0...255).contains(client), (0...255).contains(port)
        else { return nil }
        self.init(client: client, port: port)
    }

    /// Client 0 is the kernel's System client (Timer and Announce ports).
    public static let systemClient = 0
    /// The System Announce port, which reports clients and ports coming and going.
    public static let systemAnnounce = PortAddress(client: 0, port: 1)
}

extension PortAddress: Comparable {
    public static func < (lhs: PortAddress, rhs: PortAddress) -> Bool {
        (lhs.client, lhs.port) < (rhs.client, rhs.port)
    }
}

extension PortAddress: CustomStringConvertible {
    public var description: String { "\(client):\(port)" }
}

import ControlProtocol
import NIOCore

/// What one connection to the web view may take, and how many may be open: the bounds that keep
/// slow, idle or malformed clients from starving the pages (docs/web.md, "Security").
public struct ConnectionLimits: Sendable {
    /// Connections one peer may hold open; more are answered 503 and closed at once. A peer is
    /// what `peerGroup` makes of its address: all of loopback is one (every local account can
    /// bind any of it), and an IPv6 address counts by its /64.
    public var perAddress: Int
    /// Connections open in all; kept well below the open-file limit (systemd's `LimitNOFILE=`),
    /// which every page's call to the daemon also draws on.
    public var total: Int
    /// From connecting to the end of the first request's headers.
    public var headers: Duration
    /// From the end of a request's headers to the end of its body.
    public var body: Duration
    /// From the end of an answer to the end of the next request's headers (keep-alive).
    public var idle: Duration
    /// The bytes all of a request's headers may take; more are answered 431 and the connection closed.
    public var headerBytes: Int
    /// Who is behind an address, for `perAddress` (tests that play several machines from
    /// loopback addresses count each address apart).
    public var peerGroup: @Sendable (String) -> String

    public init(perAddress: Int = 32, total: Int = 512, headers: Duration = .seconds(5), body: Duration = .seconds(10),
                idle: Duration = .seconds(15), headerBytes: Int = 16 * 1024,
                peerGroup: @escaping @Sendable (String) -> String = { PeerGroup.name(of: $0) }) {
        self.peerGroup = peerGroup
        self.perAddress = perAddress
        self.total = total
        self.headers = headers
        self.body = body
        self.idle = idle
        self.headerBytes = headerBytes
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

import SystemCalls

/// A connected client, numbered from 1 in order of arrival.
public struct ClientID: Sendable, Hashable, CustomStringConvertible {
    public let number: Int

    public init(number: Int) {
        self.number = number
    }

    public var description: String { "client \(number)" }
}

/// What happens on the control socket, in order, for the daemon to act on.
public enum ServerEvent: Sendable {
    /// A client connected (and was greeted).
    case connected(ClientID, PeerCredentials)
    /// A client sent one line (without its newline).
    case line(ClientID, PeerCredentials, [UInt8])
    /// A client sent a line longer than the limit; it was discarded.
    case lineTooLong(ClientID)
    /// A client left, or was dropped (it stopped reading, or broke the connection).
    case disconnected(ClientID, reason: DisconnectReason)
}

/// Why a client is gone.
public enum DisconnectReason: Sendable, Hashable {
    case closedByPeer
    /// What was queued for it would have passed `ServerLimits.maxQueuedOutputBytes`.
    case outputOverflow
    case closedByServer
    case error(Errno)
}

/// Limits that keep a busy or hostile client from hurting the others.
public struct ServerLimits: Sendable, Hashable {
    /// Clients connected at once; more are told so and closed.
    public var maxClients: Int
    /// Bytes queued for one client, replies and events together, with no exemption: a reply or
    /// event that would take the queue past it drops the client (`outputOverflow`). The daemon's
    /// replies are built to fit (an export comes a page at a time, a batch's reply is bounded),
    /// so only a client that stopped reading reaches it.
    public var maxQueuedOutputBytes: Int
    /// Lines received but not yet handled, across all clients; past this a line is refused as busy.
    public var maxPendingLines: Int
    /// Lines of one client handed to the daemon and not answered yet. Past it, what the client
    /// sent waits in the server and its socket is not read until answers come: a client that
    /// pipelines thousands of requests is read as fast as it is answered, and another client's
    /// line (a key) waits behind at most this many of its lines, not all of them.
    public var maxUnansweredPerClient: Int
    /// Of `maxClients`, the places only a peer the server keeps them for may take (the daemon's:
    /// its user, root and the control group, whom the web view runs as too): readers that fill
    /// every other place cannot lock out `eartrainctl stop` or the web view.
    public var reservedClients: Int

    /// `reservedClients` is an eighth of `maxClients` unless given.
    public init(maxClients: Int = 64, maxQueuedOutputBytes: Int = 1 << 20, maxPendingLines: Int = 4096,
                maxUnansweredPerClient: Int = 32, reservedClients: Int? = nil) {
        self.reservedClients = min(reservedClients ?? maxClients / 8, max(0, maxClients - 1))
        self.maxClients = maxClients
        self.maxQueuedOutputBytes = maxQueuedOutputBytes
        self.maxPendingLines = maxPendingLines
        self.maxUnansweredPerClient = maxUnansweredPerClient
    }
}

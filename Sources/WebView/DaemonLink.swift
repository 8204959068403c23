import ControlProtocol

/// What the web view needs of the daemon: calls, and the live session to follow. The real one
/// talks to the control socket (`SocketDaemon`); `MemoryDaemon` is the in-memory one beside it.
/// The daemon's own rules apply to every call: control methods are refused (−32002) to a peer
/// the socket does not trust, whatever the web view allows.
public protocol DaemonLink: Sendable {
    /// Calls one method and returns its result.
    func call(_ method: ControlProtocol.Method, params: JSONValue?) async throws(DaemonFailure) -> JSONValue

    /// The session to follow: `status` first, then every event from the subscription, in order.
    /// The stream finishes when the daemon goes away (or cannot be reached: then it is empty),
    /// and the subscription ends when the stream's consumer stops.
    func follow() -> AsyncStream<DaemonUpdate>

    /// Keeps the daemon told of the paired browsers (`pairing.browsers`): each list `lists`
    /// yields (the first at once, then one after every change) is reported, and the latest again
    /// whenever the connection is made anew. The stream returned yields the ids of browsers the
    /// daemon revokes (`pairing.revoked`, or the reply to a report); it ends when `lists` does.
    func report(browsers lists: AsyncStream<[PairedBrowserSummary]>) -> AsyncStream<[String]>
}

/// One step of following the daemon.
public enum DaemonUpdate: Sendable {
    /// What `status` said when following began.
    case status(StatusResult)
    /// An event, as subscribers get it.
    case event(EventReport)
}

/// Why a call gave no result.
public enum DaemonFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing answers at the socket, or the connection broke.
    case unreachable(String)
    /// The daemon answered with an error (no session running, permission denied, …).
    case refused(RPCError)

    public var description: String {
        switch self {
        case .unreachable(let why): "the daemon is not answering: \(why)"
        case .refused(let error): error.message
        }
    }
}

extension DaemonLink {
    /// Calls a method without params.
    public func call(_ method: ControlProtocol.Method) async throws(DaemonFailure) -> JSONValue {
        try await call(method, params: nil)
    }

    /// `status`, decoded.
    public func status() async throws(DaemonFailure) -> StatusResult {
        try await call(.status, as: StatusResult.self)
    }

    /// Calls a method and decodes its result as the message type it answers with.
    public func call<Result: Decodable>(
        _ method: ControlProtocol.Method, params: JSONValue? = nil, as type: Result.Type
    ) async throws(DaemonFailure) -> Result {
        let result = try await call(method, params: params)
        do {
            return try Wire.decode(type, from: result)
        } catch {
            throw .unreachable("its answer to \(method.rawValue) could not be read (\(error))")
        }
    }
}

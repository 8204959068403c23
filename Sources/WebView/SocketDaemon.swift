import ControlClient
import ControlProtocol
import Foundation

/// The daemon at its control socket, reached through `ControlConnection` as `eartrainctl` does.
/// A call opens a connection of its own (a local socket answers in well under a millisecond); a
/// follower is one task that awaits its connection's notifications. No thread waits on the
/// daemon: the connections are SwiftNIO channels.
public struct SocketDaemon: DaemonLink {
    /// Opens a new connection (to a socket path, or one end of a socket pair in tests).
    let connect: @Sendable () async throws -> ControlConnection

    /// The daemon listening at `path`.
    public init(path: String) {
        connect = { try await ControlConnection(path: path, timeout: .seconds(5)) }
    }

    /// A daemon reached by `connecting`, which opens a new connection each time it is called.
    public init(connecting: @escaping @Sendable () async throws -> ControlConnection) {
        connect = connecting
    }

    public func call(_ method: ControlProtocol.Method, params: JSONValue?) async throws(DaemonFailure) -> JSONValue {
        let outcome: Result<JSONValue, DaemonFailure>
        do {
            let response = try await connect().call(method.rawValue, params: params)
            outcome = response.error.map { .failure(.refused($0)) } ?? .success(response.result ?? .null)
        } catch {
            outcome = .failure(.unreachable("\(error)"))
        }
        return try outcome.get()
    }

    public func follow() -> AsyncStream<DaemonUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: DaemonUpdate.self, bufferingPolicy: .bufferingNewest(4096))
        let connect = connect
        let relay = Task {
            await Self.relay(connect: connect, to: continuation)
            continuation.finish()
        }
        continuation.onTermination = { _ in relay.cancel() }
        return stream
    }

    /// Connects, subscribes to every topic, reads `status` and yields it, then each event it does
    /// not include until the daemon hangs up or the task is cancelled (the stream's consumer
    /// stopped). Subscribing first leaves no gap in which a key judged is lost to the page; the
    /// status's `seq` says which of the events that came meanwhile it already counts.
    private static func relay(connect: () async throws -> ControlConnection,
                              to continuation: AsyncStream<DaemonUpdate>.Continuation) async {
        var early: [RPCNotification] = []
        guard let link = try? await connect(),
              (try? await link.call(Method.subscribe.rawValue, params: Wire.value(SubscribeParams())) { early.append($0) }) != nil,
              let reply = try? await link.call(Method.status.rawValue, onNotification: { early.append($0) }), let result = reply.result,
              let status = try? Wire.decode(StatusResult.self, from: result) else { return }
        continuation.yield(.status(status))
        for notification in early { yieldEvent(notification, after: status, to: continuation) }
        do {
            for try await notification in link.notifications { yieldEvent(notification, after: status, to: continuation) }
        } catch {}
    }

    private static func yieldEvent(_ notification: RPCNotification, after status: StatusResult,
                                   to continuation: AsyncStream<DaemonUpdate>.Continuation) {
        guard notification.method == "event", let event = try? Wire.decode(EventReport.self, from: notification.params),
              !status.includes(event) else { return }
        continuation.yield(.event(event))
    }
}

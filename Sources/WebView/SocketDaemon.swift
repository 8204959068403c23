import ControlClient
import ControlProtocol
import Foundation
import Glibc
import SystemCalls

/// The daemon at its control socket, reached through `ControlConnection` as `eartrainctl` does.
/// `ControlConnection` blocks, so each call runs on a thread of its own (a local socket answers in
/// well under a millisecond), and each follower has one thread that `poll()`s its connection and
/// a wake pipe, which the stream's end writes to. Nothing here blocks Swift's cooperative pool.
public struct SocketDaemon: DaemonLink {
    /// Opens a new connection (to a socket path, or one end of a socket pair in tests).
    let connect: @Sendable () throws -> ControlConnection

    /// The daemon listening at `path`.
    public init(path: String) {
        connect = { try ControlConnection(path: path, timeout: .seconds(5)) }
    }

    /// A daemon reached by `connecting`, which opens a new connection each time it is called.
    public init(connecting: @escaping @Sendable () throws -> ControlConnection) {
        connect = connecting
    }

    public func call(_ method: ControlProtocol.Method, params: JSONValue?) async throws(DaemonFailure) -> JSONValue {
        let connect = connect
        let outcome: Result<JSONValue, DaemonFailure> = await Self.onThread {
            do {
                let response = try connect().call(method.rawValue, params: params)
                if let error = response.error { return .failure(.refused(error)) }
                return .success(response.result ?? .null)
            } catch {
                return .failure(.unreachable("\(error)"))
            }
        }
        return try outcome.get()
    }

    public func follow() -> AsyncStream<DaemonUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: DaemonUpdate.self, bufferingPolicy: .bufferingNewest(4096))
        guard let wake = try? WakePipe() else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { _ in wake.requestStop() }
        let connect = connect
        Thread {
            Self.relay(connect: connect, wake: wake, to: continuation)
            continuation.finish()
        }.start()
        return stream
    }

    /// Connects, reads `status`, subscribes to every topic and yields each event until the daemon
    /// hangs up or `wake` is asked to stop. Runs on its own thread.
    private static func relay(connect: () throws -> ControlConnection, wake: WakePipe,
                              to continuation: AsyncStream<DaemonUpdate>.Continuation) {
        guard let link = try? connect(),
              let reply = try? link.call(Method.status.rawValue), let result = reply.result,
              let status = try? Wire.decode(StatusResult.self, from: result) else { return }
        continuation.yield(.status(status))
        var early: [RPCNotification] = []
        guard (try? link.call(Method.subscribe.rawValue, params: Wire.value(SubscribeParams())) { early.append($0) }) != nil
        else { return }
        for notification in early { yieldEvent(notification, to: continuation) }
        var descriptors = [
            pollfd(fd: link.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.readEnd.rawValue, events: Int16(POLLIN), revents: 0),
        ]
        while !wake.stopRequested {
            if !link.hasBufferedLine {
                guard (try? systemCall("poll") { poll(&descriptors, 2, -1) }) != nil else { return }
                if descriptors[1].revents != 0 { wake.drain() }
                if descriptors[0].revents == 0 { continue }
            }
            guard let line = try? link.readLine() else { return }
            if let notification = try? JSONDecoder().decode(RPCNotification.self, from: Data(line.utf8)) {
                yieldEvent(notification, to: continuation)
            }
        }
    }

    private static func yieldEvent(_ notification: RPCNotification, to continuation: AsyncStream<DaemonUpdate>.Continuation) {
        guard notification.method == "event", let event = try? Wire.decode(EventReport.self, from: notification.params) else { return }
        continuation.yield(.event(event))
    }

    /// Runs blocking work on a thread of its own and resumes with its result.
    private static func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }
}

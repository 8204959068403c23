import ControlProtocol
import Foundation
import Glibc
import NIOCore
import NIOPosix
import Synchronization
import SystemCalls

/// A client's connection to the daemon's control socket: send a request, await its response,
/// collect the notifications that arrive meanwhile. Nothing blocks a thread while it waits: the
/// socket is a SwiftNIO channel on the shared event loop group, whose handler (`LineQueue`) keeps
/// the lines received until they are asked for. One wait at a time: a connection is used by one
/// task at a time (a request, then its response).
public final class ControlConnection: Sendable {
    public enum ConnectionError: Error, CustomStringConvertible, Equatable {
        /// Nothing answers at the path.
        case noDaemon(path: String, errno: Errno)
        /// The daemon closed the connection.
        case closed
        /// The daemon sent nothing for as long as the client was willing to wait.
        case timedOut(Duration)
        /// The daemon sent something that is not a protocol message.
        case garbled(String)
        /// The daemon refused the connection, and said why (too many clients).
        case refused(String)

        public var description: String {
            switch self {
            case .noDaemon(let path, let errno):
                "no daemon at \(path) (\(errno.message)): is eartrainer.service running? "
                    + "(start one with `make run`, or give --socket PATH)"
            case .closed: "the daemon closed the connection"
            case .timedOut(let limit): "no answer from the daemon within \(Self.seconds(limit)) (a busy machine may need --timeout SECONDS)"
            case .garbled(let line): "the daemon sent something unexpected: \(line.prefix(200))"
            case .refused(let message): "the daemon refused the connection: \(message)"
            }
        }

        /// "10 s", "2.5 s": a wait as a person reads it.
        static func seconds(_ duration: Duration) -> String {
            let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
        }
    }

    private let channel: any Channel
    private let queue: LineQueue
    /// How long any one wait lasts before the daemon counts as gone (nil: however long it takes).
    private let timeout: Duration?
    private let lastID = Mutex(0)
    /// The daemon's greeting (protocol name, version, methods).
    public let greeting: RPCNotification?

    /// The greeting's params, decoded; nil where there was none.
    public var hello: Greeting? { greeting?.params.decoded(as: Greeting.self) }

    /// Connects and reads the greeting. `timeout` bounds every later wait (nil: none does).
    public convenience init(path: String, timeout: Duration? = .seconds(10)) async throws {
        try await self.init(connected: Self.connect(to: path).release(), timeout: timeout)
    }

    /// Talks over an already connected socket (one end of a `socketpair(2)` whose other end the
    /// daemon adopted) and reads the greeting; the connection owns `fd` from now on.
    public init(connected fd: Int32, timeout: Duration? = .seconds(10)) async throws {
        let queue = LineQueue()
        self.channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(queue) }
            }
            .withConnectedSocket(fd).get()
        self.queue = queue
        self.timeout = timeout
        let first = try await Self.readLine(channel, queue, within: timeout)
        // A refusal comes in place of the greeting (too many clients), then the daemon closes.
        if let refusal = try? JSONDecoder().decode(RPCResponse.self, from: Data(first.utf8)), let error = refusal.error {
            channel.close(promise: nil)
            throw ConnectionError.refused(error.message)
        }
        greeting = try? JSONDecoder().decode(RPCNotification.self, from: Data(first.utf8))
        if let greeting, greeting.method != Greeting.method {
            channel.close(promise: nil)
            throw ConnectionError.garbled(first)
        }
    }

    deinit {
        channel.close(promise: nil)
    }

    /// A stream socket connected to `path`. The corresponding C functions are `socket` and
    /// `connect` (a local socket's connect does not wait for the daemon to accept).
    private static func connect(to path: String) throws(ConnectionError) -> SystemCalls.FileDescriptor {
        guard let address = UnixSocketAddress(path: path) else {
            throw ConnectionError.noDaemon(path: path, errno: path.isEmpty ? .noSuchFileOrDirectory : .fileNameTooLong)
        }
        do throws(SystemCallError) {
            let socket = SystemCalls.FileDescriptor(taking: try systemCall("socket") {
                Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            })
            try systemCall("connect") { address.withSocketAddress { Glibc.connect(socket.rawValue, $0, $1) } }
            return socket
        } catch {
            throw ConnectionError.noDaemon(path: path, errno: error.errno)
        }
    }

    /// Sends a request and awaits its response; notifications that arrive first are handed to
    /// `onNotification` in order.
    public func call(_ method: String, params: JSONValue? = nil,
                     onNotification: (RPCNotification) -> Void = { _ in }) async throws -> RPCResponse {
        let id = JSONValue.number(Double(lastID.withLock { id in
            id += 1
            return id
        }))
        try await sendLine(Wire.encode(RPCRequest(id: id, method: method, params: params)))
        while true {
            let line = try await readLine()
            let data = Data(line.utf8)
            if let response = try? JSONDecoder().decode(RPCResponse.self, from: data), response.id == id || response.id == .null {
                return response
            }
            guard let notification = try? JSONDecoder().decode(RPCNotification.self, from: data) else {
                throw ConnectionError.garbled(line)
            }
            onNotification(notification)
        }
    }

    /// Awaits the next notification (for subscribers), for at most the connection's timeout.
    public func nextNotification() async throws -> RPCNotification {
        try Self.notification(from: try await readLine())
    }

    /// Every notification from now on, however long apart (for followers: a watch, a browser).
    /// It ends when the daemon closes the connection; a line that is no notification (a response
    /// to a request given up) is passed over. Cancelling the task that reads it ends the wait
    /// without taking a line.
    public var notifications: AsyncThrowingStream<RPCNotification, any Error> {
        AsyncThrowingStream { [self] in
            while true {
                let line: String
                do {
                    line = try await readLine(within: nil)
                } catch ConnectionError.closed {
                    return nil
                }
                if let notification = try? JSONDecoder().decode(RPCNotification.self, from: Data(line.utf8)) { return notification }
            }
        }
    }

    private static func notification(from line: String) throws -> RPCNotification {
        guard let notification = try? JSONDecoder().decode(RPCNotification.self, from: Data(line.utf8)) else {
            throw ConnectionError.garbled(line)
        }
        return notification
    }

    /// Sends `line` and a newline as they are (tests send what no client would).
    public func sendLine(_ line: String) async throws {
        do {
            try await channel.writeAndFlush(ByteBuffer(string: line + "\n"))
        } catch {
            throw ConnectionError.closed
        }
    }

    /// The next line the daemon sent, for at most the connection's timeout.
    public func readLine() async throws -> String {
        try await readLine(within: timeout)
    }

    /// The next line the daemon sent, for at most `timeout` (nil: however long it takes); fails
    /// with `.closed` when the daemon closes the connection, `.timedOut` when the time runs out.
    public func readLine(within timeout: Duration?) async throws -> String {
        try await Self.readLine(channel, queue, within: timeout)
    }

    private static func readLine(_ channel: any Channel, _ queue: LineQueue, within timeout: Duration?) async throws -> String {
        let wait = try await channel.eventLoop.submit { queue.next(within: timeout) }.get()
        return try await withTaskCancellationHandler {
            try await wait.line.get()
        } onCancel: {
            channel.eventLoop.execute { queue.fail(wait.id, with: CancellationError()) }
        }
    }

    /// Closes the connection (a client that is done; otherwise it closes when the value goes).
    public func close() async {
        try? await channel.close()
    }
}

import Foundation
import Glibc
import SystemCalls

/// A client's connection to the daemon's control socket: send a request, read its response,
/// collect the notifications that arrive meanwhile. Blocking; one request at a time.
public final class ControlConnection {
    public enum ConnectionError: Error, CustomStringConvertible, Equatable {
        /// Nothing answers at the path.
        case noDaemon(path: String, errno: Errno)
        /// The daemon closed the connection or stopped answering.
        case closed
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
            case .garbled(let line): "the daemon sent something unexpected: \(line.prefix(200))"
            case .refused(let message): "the daemon refused the connection: \(message)"
            }
        }
    }

    private let socket: FileDescriptor
    private var pending: [UInt8] = []
    private var nextID = 0
    /// The daemon's greeting (protocol name, version, methods).
    public private(set) var greeting: RPCNotification?

    /// Connects and reads the greeting. `timeout` bounds every later read.
    public convenience init(path: String, timeout: Duration = .seconds(10)) throws {
        try self.init(connected: Self.connect(to: path), timeout: timeout)
    }

    /// A stream socket connected to `path`. The corresponding C functions are `socket` and `connect`.
    private static func connect(to path: String) throws(ConnectionError) -> FileDescriptor {
        guard let address = UnixSocketAddress(path: path) else {
            throw ConnectionError.noDaemon(path: path, errno: path.isEmpty ? .noSuchFileOrDirectory : .fileNameTooLong)
        }
        do throws(SystemCallError) {
            let socket = FileDescriptor(taking: try systemCall("socket") {
                Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            })
            try systemCall("connect") { address.withSocketAddress { Glibc.connect(socket.rawValue, $0, $1) } }
            return socket
        } catch {
            throw ConnectionError.noDaemon(path: path, errno: error.errno)
        }
    }

    /// Talks over an already connected socket (one end of a `socketpair(2)` whose other end the
    /// daemon adopted) and reads the greeting; the connection owns `fd` from now on.
    public convenience init(connected fd: Int32, timeout: Duration = .seconds(10)) throws {
        try self.init(connected: FileDescriptor(taking: fd), timeout: timeout)
    }

    private init(connected socket: consuming FileDescriptor, timeout: Duration) throws {
        self.socket = socket
        let seconds = timeout.components.seconds
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(timeout.components.attoseconds / 1_000_000_000_000))
        setsockopt(self.socket.rawValue, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let first = try readLine()
        // A refusal comes in place of the greeting (too many clients), then the daemon closes.
        if let refusal = try? JSONDecoder().decode(RPCResponse.self, from: Data(first.utf8)), let error = refusal.error {
            throw ConnectionError.refused(error.message)
        }
        greeting = try? JSONDecoder().decode(RPCNotification.self, from: Data(first.utf8))
        if let greeting, greeting.method != "hello" { throw ConnectionError.garbled(first) }
    }

    /// Sends a request and waits for its response; notifications that arrive first are handed to
    /// `onNotification` in order.
    public func call(_ method: String, params: JSONValue? = nil,
                     onNotification: (RPCNotification) -> Void = { _ in }) throws -> RPCResponse {
        nextID += 1
        let id = JSONValue.number(Double(nextID))
        try sendLine(Wire.encode(RPCRequest(id: id, method: method, params: params)))
        while true {
            let line = try readLine()
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

    /// Waits for the next notification (for subscribers).
    public func nextNotification() throws -> RPCNotification {
        let line = try readLine()
        guard let notification = try? JSONDecoder().decode(RPCNotification.self, from: Data(line.utf8)) else {
            throw ConnectionError.garbled(line)
        }
        return notification
    }

    /// The descriptor, for callers that poll it together with others (a terminal, a timer).
    public var fileDescriptor: Int32 { socket.rawValue }

    /// True when a whole line is already buffered.
    public var hasBufferedLine: Bool { pending.contains(10) }

    public func sendLine(_ line: String) throws {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = try? bytes.withUnsafeBytes { buffer throws(SystemCallError) in
                try systemCall("send") { send(socket.rawValue, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL)) }
            }
            guard let written, written > 0 else { throw ConnectionError.closed }
            offset += written
        }
    }

    public func readLine() throws -> String {
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeFirst(newline + 1)
                return line
            }
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            // A signal handled meanwhile (SIGCHLD from Foundation's Process, watch's SIGWINCH)
            // interrupts recv; `systemCall` makes it again, since that is not the daemon hanging up.
            // The receive timeout (EAGAIN) and a reset are: the daemon stopped answering.
            let count = (try? systemCall("recv") { recv(socket.rawValue, &buffer, buffer.count, 0) }) ?? 0
            if count == 0 { throw ConnectionError.closed }
            pending += buffer[0..<count]
        }
    }
}

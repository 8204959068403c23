import Foundation
import Glibc
import SystemCalls

/// A test's client on a Unix stream socket: what it sends is written as given, and each line that
/// comes back is read as it came, so a test sees the exact wire. Reads block a thread of their own,
/// never one of the pool the server's tasks run on, for at most the timeout given when connecting.
public final class LineClient: @unchecked Sendable {
    private let socket: FileDescriptor
    private var buffered: [UInt8] = []

    /// The socket's number, for a test that shuts one direction down or sizes a buffer.
    public var fd: Int32 { socket.rawValue }

    /// Connects to the socket file at `path`; throws when nobody listens there. A read that waits
    /// longer than `timeout` gives nil: five minutes by default, since the servers under test
    /// share two cores with the suites beside them, and with a build beside those Swift's pool
    /// has stalled for more than a minute (docs/benchmarks.md); a hang still ends.
    public init(path: String, timeout: Duration = .seconds(300)) throws(SystemCallError) {
        guard let address = UnixSocketAddress(path: path) else {
            throw SystemCallError(function: "connect(\(path))", errno: .fileNameTooLong)
        }
        let socket = FileDescriptor(taking: try systemCall("socket") {
            Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        })
        try systemCall("connect(\(path))") { address.withSocketAddress { connect(socket.rawValue, $0, $1) } }
        var limit = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(socket.rawValue, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        self.socket = socket
    }

    /// Sends `text` as it is, newlines and all; stops early if the peer has gone.
    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// Sends one line (the newline is added).
    public func sendLine(_ line: String) {
        send(line + "\n")
    }

    /// The next line, or nil when the peer closed the connection or nothing came in time.
    public func readLine() async -> String? {
        await withCheckedContinuation { done in
            Thread { done.resume(returning: self.blockingReadLine()) }.start()
        }
    }

    private func blockingReadLine() -> String? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let end = buffered.firstIndex(of: 10) {
                let line = String(decoding: buffered[..<end], as: UTF8.self)
                buffered.removeSubrange(...end)
                return line
            }
            guard let count = try? systemCall("recv", { recv(fd, &chunk, chunk.count, 0) }), count > 0 else { return nil }
            buffered += chunk[..<count]
        }
    }
}

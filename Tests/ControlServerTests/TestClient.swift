import Foundation
import Glibc

/// A plain blocking Unix-socket client for tests: connect, send a line, read lines.
final class TestClient {
    let fd: Int32
    private var pending: [UInt8] = []

    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: Array(path.utf8) + [0])
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if result != 0 {
            let code = errno
            close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    deinit { close(fd) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return }
            offset += written
        }
    }

    /// The next line, or nil when the server closed the connection or 5 s passed. It polls without
    /// blocking, so the cooperative thread pool stays free for the server's consumer.
    func readLine() async -> String? {
        let deadline = ContinuousClock.now + .seconds(5)
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeFirst(newline + 1)
                return line
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 {
                pending += buffer[0..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) || ContinuousClock.now > deadline {
                return nil
            } else {
                try? await Task.sleep(for: .milliseconds(2))
            }
        }
    }
}

/// A fresh socket path in a fresh temporary folder.
func temporarySocketPath() -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("eartrainer-test-\(UUID().uuidString.prefix(8))")
    return folder.appendingPathComponent("control.sock").path
}

import ControlServer
import Foundation
import Glibc
import Testing

@testable import Daemon

/// A client that speaks raw lines over a real Unix socket: what it sends is written as given,
/// and each line that comes back is read as it came, so a test sees the exact wire. Reads block a
/// thread of their own, never one of the pool the daemon's tasks run on.
final class LineClient: @unchecked Sendable {
    private let fd: Int32
    private var buffered: [UInt8] = []

    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard fd >= 0, connected == 0 else { close(fd); throw POSIXError(.ECONNREFUSED) }
    }

    deinit { close(fd) }

    /// Sends one line (the newline is added).
    func send(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// The next line, or nil when none came within 10 seconds.
    func readLine() async -> String? {
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
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffered += chunk[..<count]
        }
    }
}

extension LineClient {
    /// Serves `methods` on a real Unix socket (the real `ControlServer` and `ControlService`, a
    /// silent core) while `body` talks to it through a client that has not read the greeting yet.
    static func withControlSocket(methods: MethodTable, _ body: (LineClient) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lc-\(UUID().uuidString.prefix(8)).sock").path
        let server = try ControlServer(listener: try UnixListener.bind(path: path), greeting: ControlService.greeting(methods),
                                       refusals: ControlService.refusals(maxClients: 4))
        let router = RequestRouter(core: DaemonCore(sound: RecordingSoundOutput(), seed: 5), policy: AccessPolicy(daemonUID: getuid()),
                                   methods: methods)
        let service = ControlService(server: server, router: router)
        let running = Task { await server.run() }
        let serving = Task { await service.run() }
        let client = try LineClient(path: path)
        try await body(client)
        running.cancel()
        await running.value
        await serving.value
    }
}

import ControlServer
import Foundation
import Glibc
import SocketTestSupport
import Testing

@testable import Daemon

extension LineClient {
    /// Serves `methods` on a real Unix socket (the real `ControlServer` and `ControlService`, a
    /// silent core) while `body` talks to it through a client that has not read the greeting yet.
    static func withControlSocket(methods: MethodTable, _ body: (LineClient) async throws -> Void) async throws {
        try await withControlSocket(methods: methods) { path in try await body(try LineClient(path: path)) }
    }

    /// The same, `body` given the socket's path to connect as many clients as it needs.
    static func withControlSocket(methods: MethodTable = .standard, _ body: (String) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lc-\(UUID().uuidString.prefix(8)).sock").path
        let server = try ControlServer(listener: try UnixListener.bind(path: path), greeting: ControlService.greeting(methods),
                                       refusals: ControlService.refusals(maxClients: 4))
        let router = RequestRouter(core: DaemonCore(sound: RecordingSoundOutput(), seed: 5), policy: AccessPolicy(daemonUID: getuid()),
                                   methods: methods)
        let service = ControlService(server: server, router: router)
        let running = Task { await server.run() }
        let serving = Task { await service.run() }
        try await body(path)
        running.cancel()
        await running.value
        await serving.value
    }
}

import ControlServer
import Daemon
import DaemonTestSupport
import Testing

/// A daemon that has stopped is freed, with its core and its control server (whose wake pipe and
/// epoll it closes then). The core's followers held it in turn until `DaemonCore.detach`; the test
/// process builds over a hundred daemons, and each kept its descriptors open.
@Suite struct DaemonFreedTests {
    @Test("a stopped daemon's core and control server are freed")
    func freed() async throws {
        weak var core: DaemonCore?
        weak var server: ControlServer?
        do {
            let daemon = try await TestDaemon()
            core = daemon.app.core
            server = daemon.app.server
            _ = try await daemon.connect().result("status")
            #expect(await daemon.stop())
        }
        // The server's thread and the services' tasks let go as they end, a moment after `stop`.
        let freed = await Polling.wait(seconds: 60) { core == nil && server == nil }
        #expect(freed, "core freed: \(core == nil), server freed: \(server == nil)")
    }
}

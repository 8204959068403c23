import ControlClient
import ControlProtocol
import ControlServer
import Foundation
import Glibc
import Testing

@testable import Daemon

/// Device events (a keyboard or the sound device coming or going) over a real socket: the
/// integration tests cannot stage one without hardware, so the core reports one here itself.
@Suite("Device events to subscribers")
struct DeviceTopicTests {
    @Test("a device change reaches the device topic's subscribers, and no one else", arguments: Topic.allCases)
    func deviceChange(_ topic: Topic) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dt-\(UUID().uuidString.prefix(8)).sock").path
        let server = try ControlServer(listener: try UnixListener.bind(path: path), greeting: ControlService.greeting(),
                                       refusals: ControlService.refusals(maxClients: 4))
        let core = DaemonCore(sound: RecordingSoundOutput(), seed: 5)
        let service = ControlService(server: server, router: RequestRouter(core: core, policy: AccessPolicy(daemonUID: getuid())))
        await core.follow(with: service)
        let running = Task { await server.run() }
        let serving = Task { await service.run() }

        // The server has a thread of its own; the service and this client are tasks, and suites
        // beside this one may keep the pool's threads for a minute and more with a build beside
        // them: the client waits five minutes, not 10 s.
        let link = try await ControlConnection(path: path, timeout: .seconds(300))
        _ = try await link.call("subscribe", params: .object(["topics": .array([.string(topic.rawValue)])]))
        await core.deviceChanged("keyboard input: Test Keyboard connected")
        var heard: [RPCNotification] = []
        _ = try await link.call("status") { heard.append($0) }

        if topic == .device {
            #expect(heard.map(\.method) == ["event"])
            let event = try Wire.decode(EventReport.self, from: try #require(heard.first, "no device event").params)
            #expect(event.type == "device")
            #expect(event.topic == .device)
            #expect(event.text == "keyboard input: Test Keyboard connected")
            #expect(event.details == .object(["message": .string("keyboard input: Test Keyboard connected")]))
        } else {
            #expect(heard.isEmpty, "\(topic) heard \(heard.map(\.params))")
        }
        running.cancel()
        await running.value
        await serving.value
    }
}

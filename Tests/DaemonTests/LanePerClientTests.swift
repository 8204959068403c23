import ControlProtocol
import ControlServer
import Foundation
import SocketTestSupport
import Synchronization
import Testing

@testable import Daemon

/// Each client's lines are answered in its own order, on its own lane: a timed `notes.play` that
/// takes seconds holds its own client's next line, never another client's. On a real socket.
@Suite struct LanePerClientTests {
    @Test("a client's timed play holds only its own next line: another client's config.get is answered meanwhile")
    func timedPlayHoldsOnlyItsClient() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lane-\(UUID().uuidString.prefix(8)).sock").path
        let server = try ControlServer(listener: try UnixListener.bind(path: path), greeting: "hi",
                                       refusals: ControlService.refusals(maxClients: 4))
        let router = RequestRouter(core: DaemonCore(sound: RecordingSoundOutput(), seed: 5), policy: AccessPolicy(daemonUID: getuid()))
        let service = ControlService(server: server, router: router)
        let serving = (Task { await server.run() }, Task { await service.run() })

        let player = try LineClient(path: path)
        _ = await player.readLine()
        player.sendLine(#"{"jsonrpc":"2.0","id":1,"method":"session.start","params":{"kind":"scale","root":"C3"}}"#)
        #expect(try #require(await player.readLine()).contains("\"result\""))
        // Three lines at once: a play whose key comes 8 s from now, then two quick ones.
        player.send([#"{"jsonrpc":"2.0","id":2,"method":"notes.play","params":{"notes":["C3@8"]}}"#,
                     #"{"jsonrpc":"2.0","id":3,"method":"config.get"}"#,
                     #"{"jsonrpc":"2.0","id":4,"method":"devices.get"}"#].map { $0 + "\n" }.joined())
        let order = Mutex<[String]>([])
        let playerReplies = Task {
            for _ in 0..<3 {
                guard let line = await player.readLine() else { return }
                let id = line.contains(#""id":2"#) ? "play" : line.contains(#""id":3"#) ? "player's config" : "player's devices"
                order.withLock { $0.append(id) }
            }
        }
        let other = try LineClient(path: path)
        _ = await other.readLine()
        other.sendLine(#"{"jsonrpc":"2.0","id":"b","method":"config.get"}"#)
        #expect(try #require(await other.readLine()).contains("\"result\""))
        order.withLock { $0.append("other's config") }
        await playerReplies.value
        #expect(order.withLock { $0 } == ["other's config", "play", "player's config", "player's devices"],
                "the other client is answered during the play; the player's own lines after it, in order")
        serving.0.cancel()
        await serving.0.value
        await serving.1.value
    }
}

import ControlProtocol
import ControlServer
import Foundation
import SocketTestSupport
import Synchronization
import Testing

@testable import Daemon

/// A client that pipelines statistics queries takes `ControlService.asidePerClient` places, and
/// the next client's query still runs: on a real socket, with queries that wait until let go.
@Suite struct AsidePerClientTests {
    /// A profile without answers, as `stats.get` gives it.
    static let noFigures: StatsGetResult = {
        let figures = LifetimeFigures(profile: "p", computedAt: Date(), overall: Figures(answers: 0, correct: 0))
        return StatsGetResult(profile: "p", profiles: [], figures: figures, report: "")
    }()

    @Test("five stats.get pipelined: two run, three refused at once (−32006); another client's query runs beside them")
    func pipelineTakesTwoPlaces() async throws {
        let running = Mutex(0)
        let released = Mutex(false)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ap-\(UUID().uuidString.prefix(8)).sock").path
        let server = try ControlServer(listener: try UnixListener.bind(path: path), greeting: "hi",
                                       refusals: ControlService.refusals(maxClients: 4))
        let router = RequestRouter(
            core: DaemonCore(sound: RecordingSoundOutput(), seed: 5), policy: AccessPolicy(daemonUID: getuid()),
            statistics: StatisticsAccess(
                figures: { _ throws(RPCError) in
                    running.withLock { $0 += 1 }
                    while !released.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(5)) }
                    return Self.noFigures
                },
                export: { _ throws(RPCError) in throw .statisticsUnavailable("not in this test") }))
        let service = ControlService(server: server, router: router)
        let serving = (Task { await server.run() }, Task { await service.run() })

        let piper = try LineClient(path: path)
        _ = await piper.readLine()  // the greeting
        piper.send((1...5).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"stats.get"}"# + "\n" }.joined())
        var refused: [String] = []
        for _ in 0..<3 { refused.append(try #require(await piper.readLine())) }
        #expect(refused.allSatisfy { $0.contains("-32006") && $0.contains("read their replies first") }, "\(refused)")

        let other = try LineClient(path: path)
        _ = await other.readLine()
        other.sendLine(#"{"jsonrpc":"2.0","id":"b","method":"stats.get"}"#)
        let deadline = ContinuousClock.now + .seconds(10)
        while running.withLock({ $0 }) < 3, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(running.withLock { $0 } == 3, "the other client's query runs while the pipeline's two wait")

        released.withLock { $0 = true }
        let answered = [try #require(await piper.readLine()), try #require(await piper.readLine()), try #require(await other.readLine())]
        #expect(answered.allSatisfy { $0.contains("\"result\"") }, "\(answered)")
        // Once its queries are answered, the client has its places back.
        piper.sendLine(#"{"jsonrpc":"2.0","id":6,"method":"stats.get"}"#)
        #expect(try #require(await piper.readLine()).contains("\"result\""))
        serving.0.cancel()
        await serving.0.value
        await serving.1.value
    }
}

import ControlProtocol
import Foundation
import Synchronization
import Testing

@testable import ControlServer

/// A client that pipelines is read as fast as it is answered: at most
/// `ServerLimits.maxUnansweredPerClient` of its lines wait in the daemon at once, and another
/// client's line is handed on before the pipeline's rest.
@Suite struct PipelineFairnessTests {
    @Test("1,000 lines pipelined: at most 8 handed on at once; a second client's line comes before the rest; every line answered in order")
    func pipelineReadAsAnswered() async throws {
        let path = temporarySocketPath()
        let server = try ControlServer(listener: try UnixListener.bind(path: path), greeting: "hello", refusals: ControlServerTests.refusals,
                                       limits: ServerLimits(maxUnansweredPerClient: 8))
        let serving = Task { await server.run() }
        let seen = Seen()
        let daemon = Task {
            for await event in server.events {
                guard case .line(let id, _, let bytes) = event else { continue }
                let text = String(decoding: bytes, as: UTF8.self)
                seen.handedOn.withLock { $0.append(text) }
                let count = seen.waiting.withLock { $0.append((id, text)); return $0.count }
                seen.mostWaiting.withLock { $0 = max($0, count) }
            }
        }
        // A daemon slower than the pipeline: every 2 ms it answers what waits.
        let answering = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(2))
                for (client, line) in seen.waiting.withLock({ lines in defer { lines.removeAll() }; return lines }) {
                    server.complete(client, reply: "ok " + line)
                }
            }
        }
        let piper = try TestClient(path: path)
        #expect(await piper.readLine() == "hello")
        piper.send((0..<1000).map { "pipe \($0)\n" }.joined())
        try await Task.sleep(for: .milliseconds(20))
        let other = try TestClient(path: path)
        #expect(await other.readLine() == "hello")
        other.send("other\n")
        #expect(await other.readLine() == "ok other")
        for index in 0..<1000 {
            let line = await piper.readLine()
            guard line == "ok pipe \(index)" else {
                Issue.record("reply \(index): \(line ?? "none")")
                break
            }
        }
        let order = seen.handedOn.withLock { $0 }
        let otherAt = try #require(order.firstIndex(of: "other"))
        #expect(otherAt < 1000, "the other client's line was handed on after \(otherAt) of the pipeline's")
        #expect(order.count == 1001)
        let most = seen.mostWaiting.withLock { $0 }
        #expect(most <= 8 + 1 && most >= 4, "at most 8 of the pipeline's lines (and the other's) waited at once: \(most)")
        answering.cancel()
        serving.cancel()
        await serving.value
        await daemon.value
    }
}

/// What the slow daemon saw: every line handed on, those waiting for an answer, the most at once.
private final class Seen: Sendable {
    let handedOn = Mutex<[String]>([])
    let waiting = Mutex<[(ClientID, String)]>([])
    let mostWaiting = Mutex(0)
}

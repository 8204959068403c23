import ControlProtocol
import DaemonTestSupport
import Foundation
import Glibc
import Testing

/// The real daemon process ended by a signal mid-session: what it reports, stores and removes.
@Suite("eartrainerd sessions", .daemon)
struct SessionIntegrationTests {
    @Test("SIGTERM and SIGINT: the session's results are reported and stored, the socket file goes, exit 0",
          arguments: [("SIGTERM", SIGTERM), ("SIGINT", SIGINT)])
    func gracefulShutdown(_ name: String, _ signal: Int32) async throws {
        let daemon = try DaemonProcess()
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("C3")]))
        _ = try await link.result("notes.play", .object(["notes": .array([.string("C3"), .string("D3"), .string("F3")])]))
        await #expect(daemon.stop(signal: signal) == 0, "\(name); stderr: \(daemon.stderr)")
        #expect(daemon.stdout.contains("session ended: 2 correct, 1 error"), "\(name); stdout: \(daemon.stdout)")
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
        // The shutdown stored the answers and closed the session's record with its results.
        let stored = try StatisticsDatabase(path: daemon.folder.appendingPathComponent("state/eartrainer.sqlite").path)
        #expect(stored.integrity == ["ok"])
        #expect(stored.answers == [.init(played: 48, correct: true), .init(played: 50, correct: true), .init(played: 53, correct: false)])
        let session = try #require(stored.sessions.first, "\(name): no session stored")
        #expect(stored.sessions.count == 1)
        #expect(session.exercise == "scale")
        #expect(session.mode == "dorian")
        #expect(session.ended, "\(name): the session's end was not stored")
        #expect(session.correct == 2)
        #expect(session.errors == 1)
        #expect(session.results?["correct"] as? Int == 2)
        #expect(session.results?["errors"] as? Int == 1)
    }
}

import ControlProtocol
import Foundation
import Glibc
import Testing

/// The real daemon over its real socket: whole sessions, in raw JSON lines and through eartrainctl.
@Suite("eartrainerd sessions")
struct SessionIntegrationTests {
    @Test("the same through eartrainctl: start, play, status --json, stop")
    func throughTheClient() throws {
        let daemon = try DaemonProcess()
        _ = try daemon.connect()
        let ctl = DaemonProcess.executable("eartrainctl").path
        func run(_ arguments: [String]) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ctl)
            process.arguments = arguments + ["--socket", daemon.socketPath]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        #expect(try run(["start", "scale", "F", "lydian"]).0 == 0, "the root and the mode as words")
        let (playStatus, played) = try run(["play", "F2", "G2", "A2", "Bb2"])
        #expect(playStatus == 0)
        #expect(played.contains("F lydian  Bb2 ✗  expected B  3/8"))
        let (_, statusJSON) = try run(["status", "--json"])
        let session = try #require(jsonObject(statusJSON)?["session"] as? [String: Any])
        #expect(session["correct"] as? Int == 3)
        #expect(session["errors"] as? Int == 1)
        #expect(session["mode"] as? String == "lydian")
        let (stopStatus, stopped) = try run(["stop"])
        #expect(stopStatus == 0)
        #expect(stopped.contains("results: 3 correct, 1 error"))
        let (noSession, message) = try run(["skip"])
        #expect(noSession == 1)
        #expect(message.contains("no session is running"))
    }

    @Test("SIGTERM and SIGINT: the session's results are reported and stored, the socket file goes, exit 0",
          arguments: [("SIGTERM", SIGTERM), ("SIGINT", SIGINT)])
    func gracefulShutdown(_ name: String, _ signal: Int32) throws {
        let daemon = try DaemonProcess()
        let link = try daemon.connect()
        _ = try link.result("session.start", .object(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("C3")]))
        _ = try link.result("notes.play", .object(["notes": .array([.string("C3"), .string("D3"), .string("F3")])]))
        #expect(daemon.stop(signal: signal) == 0, "\(name); stderr: \(daemon.stderr)")
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

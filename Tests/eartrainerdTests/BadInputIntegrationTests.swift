import ControlClient
import ControlProtocol
import DaemonTestSupport
import Foundation
import Glibc
import Testing

/// The daemon meets careless and hostile clients; it answers, refuses or drops them, and keeps
/// serving everyone else.
@Suite("eartrainerd bad input")
struct BadInputIntegrationTests {
    @Test("stdout closed by its reader: the daemon says so on stderr and goes on training")
    func stdoutGone() throws {
        let daemon = try DaemonProcess()
        let link = try daemon.connect()
        daemon.closeStdoutReader()
        _ = try link.result("session.start", .object(["kind": .string("scale"), "root": .string("C3")]))
        _ = try link.result("notes.play", .object(["notes": .array(["C3", "D3", "C#3"].map { .string($0) })]))
        let session = try link.result("status")["session"]
        #expect(session?["correct"] == .number(2))
        #expect(session?["errors"] == .number(1))
        #expect(Polling.wait { daemon.stderr.contains("stdout closed") }, "stderr: \(daemon.stderr)")
        #expect(daemon.process.isRunning)
    }

    @Test("a second daemon on a live socket refuses to start and leaves the first alone")
    func secondDaemon() throws {
        let first = try DaemonProcess()
        let link = try first.connect()
        let process = Process()
        process.executableURL = DaemonProcess.executable("eartrainerd")
        process.arguments = ["--socket", first.socketPath]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 69)
        #expect(message.contains("another eartrainerd already answers"))
        #expect(try link.result("status")["daemon"] != nil)
    }

    @Test("a stale socket file left by a killed daemon is replaced")
    func staleSocket() throws {
        let first = try DaemonProcess()
        _ = try first.connect()
        #expect(first.stop(signal: SIGKILL) != 0)
        #expect(FileManager.default.fileExists(atPath: first.socketPath))
        let replacement = Process()
        replacement.executableURL = DaemonProcess.executable("eartrainerd")
        replacement.arguments = ["--socket", first.socketPath]
        replacement.standardOutput = Pipe()
        try replacement.run()
        defer { kill(replacement.processIdentifier, SIGTERM); replacement.waitUntilExit() }
        Polling.wait { (try? ControlConnection(path: first.socketPath)) != nil }
        #expect(try ControlConnection(path: first.socketPath).result("status")["daemon"] != nil)
    }
}

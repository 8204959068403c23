import ControlClient
import ControlProtocol
import DaemonTestSupport
import Foundation
import ProcessTestSupport
import Glibc
import Testing

/// The daemon meets careless and hostile clients; it answers, refuses or drops them, and keeps
/// serving everyone else.
@Suite("eartrainerd bad input", .daemon)
struct BadInputIntegrationTests {
    @Test("stdout closed by its reader: the daemon says so on stderr and goes on training")
    func stdoutGone() async throws {
        let daemon = try DaemonProcess()
        let link = try await daemon.connect()
        daemon.closeStdoutReader()
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "root": .string("C3")]))
        _ = try await link.result("notes.play", .object(["notes": .array(["C3", "D3", "C#3"].map { .string($0) })]))
        let session = try await link.result("status")["session"]
        #expect(session?["correct"] == .number(2))
        #expect(session?["errors"] == .number(1))
        #expect(await Polling.wait { daemon.stderr.contains("stdout closed") }, "stderr: \(daemon.stderr)")
        #expect(daemon.process.isRunning)
    }

    @Test("a second daemon on a live socket refuses to start and leaves the first alone")
    func secondDaemon() async throws {
        let first = try DaemonProcess()
        let link = try await first.connect()
        let process = Process()
        process.executableURL = DaemonProcess.executable("eartrainerd")
        process.arguments = ["--socket", first.socketPath]
        let errors = Pipe.forChild()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.runAlone()
        let message = String(decoding: await errors.fileHandleForReading.readAll(), as: UTF8.self)
        await process.exited()
        #expect(process.terminationStatus == 69)
        #expect(message.contains("another eartrainerd already answers"))
        #expect(try await link.result("status")["daemon"] != nil)
    }

    @Test("a stale socket file left by a killed daemon is replaced")
    func staleSocket() async throws {
        let first = try DaemonProcess()
        _ = try await first.connect()
        await #expect(first.stop(signal: SIGKILL) != 0)
        #expect(FileManager.default.fileExists(atPath: first.socketPath))
        let replacement = Process()
        replacement.executableURL = DaemonProcess.executable("eartrainerd")
        replacement.arguments = ["--socket", first.socketPath]
        replacement.standardOutput = FileHandle.nullDevice
        try replacement.runAlone()
        defer { kill(replacement.processIdentifier, SIGTERM) }
        await Polling.wait { (try? await ControlConnection(path: first.socketPath)) != nil }
        #expect(try await ControlConnection(path: first.socketPath).result("status")["daemon"] != nil)
    }
}

import ControlProtocol
import Foundation
import Glibc
import Testing

/// The daemon meets careless and hostile clients; it answers, refuses or drops them, and keeps
/// serving everyone else.
@Suite("eartrainerd bad input")
struct BadInputIntegrationTests {
    @Test("malformed JSON, unknown methods and random bytes get errors; the connection stays open")
    func garbage() throws {
        let daemon = try DaemonProcess()
        let link = try daemon.connect()
        try link.sendLine("{not json")
        #expect(try link.readLine().contains("-32700"))
        try link.sendLine(#"{"jsonrpc":"2.0","id":1,"method":"dance"}"#)
        #expect(try link.readLine().contains("-32601"))
        var random = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let bytes = (0..<Int.random(in: 1...200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                .filter { $0 != 10 }
            try link.sendLine(String(decoding: bytes, as: UTF8.self))
            #expect(try link.readLine().contains("\"error\""))
        }
        #expect(try link.result("status")["daemon"]?.string == "eartrainerd 0.1.0")
    }

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
        #expect(DaemonProcess.wait { daemon.stderr.contains("stdout closed") }, "stderr: \(daemon.stderr)")
        #expect(daemon.process.isRunning)
    }

    @Test("stdout nobody reads: training goes on, lines past the backlog are dropped and counted, the rest come later")
    func stdoutNotRead() throws {
        let daemon = try DaemonProcess()
        let link = try daemon.connect()
        daemon.pauseStdoutReader()
        _ = try link.result("session.start", .object(["kind": .string("scale"), "root": .string("C3"), "mode": .string("ionian")]))
        // A C3 Ionian round is 8 notes, each a line or more: 3,200 notes write far more than the
        // pipe's 64 KiB. Were the core to wait for stdout, these replies would never come.
        let round = ["C3", "D3", "E3", "F3", "G3", "A3", "B3", "C4"].map { JSONValue.string($0) }
        for _ in 0..<40 {
            _ = try link.result("notes.play", .object(["notes": .array(Array(repeating: round, count: 10).flatMap { $0 })]))
        }
        #expect(try link.result("status")["session"]?["correct"] == .number(3200))
        daemon.resumeStdoutReader()
        #expect(DaemonProcess.wait { daemon.stdout.contains("lines dropped") }, "stdout ends: \(daemon.stdout.suffix(300))")
        // Lines after the gap come through again.
        _ = try link.result("notes.play", .object(["notes": .array([.string("C3")])]))
        #expect(daemon.stop() == 0)
        #expect(daemon.stdout.components(separatedBy: "\n").suffix(8).contains { $0.contains("C3") })
    }

    @Test("a line over 64 KiB is refused and the connection goes on")
    func longLine() throws {
        let daemon = try DaemonProcess()
        let link = try daemon.connect()
        try link.sendLine(String(repeating: "x", count: 1 << 20))
        #expect(try link.readLine().contains("-32001"))
        #expect(try link.result("status")["session"] == nil)
    }

    @Test("clients beyond --max-clients are refused politely; the others are served")
    func tooManyClients() throws {
        let daemon = try DaemonProcess(arguments: ["--max-clients", "2"])
        let first = try daemon.connect()
        let second = try ControlConnection(path: daemon.socketPath)
        #expect(throws: (any Error).self) {
            let third = try ControlConnection(path: daemon.socketPath)
            _ = try third.readLine()
        }
        #expect(try first.result("status")["daemon"] != nil)
        #expect(try second.result("status")["daemon"] != nil)
    }

    @Test("a subscriber that never reads is dropped; status stays quick for everyone else")
    func slowSubscriber() throws {
        let daemon = try DaemonProcess()
        let sleeper = try daemon.connect()
        var small: Int32 = 4096
        setsockopt(sleeper.fileDescriptor, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        _ = try sleeper.result("subscribe")
        let worker = try ControlConnection(path: daemon.socketPath)
        _ = try worker.result("session.start", .object(["kind": .string("scale"), "root": .string("C3")]))
        let notes = JSONValue.array((0..<100).map { _ in .string("C#3") })
        var slowest = Duration.zero
        for _ in 0..<40 {
            _ = try worker.result("notes.play", .object(["notes": notes]))
            let start = ContinuousClock.now
            _ = try worker.result("status")
            slowest = max(slowest, ContinuousClock.now - start)
        }
        #expect(slowest < .milliseconds(500), "status took \(slowest) while a subscriber was not reading")
        // The sleeper's queue overflowed (4,000 events of ~1 KB): the daemon closed it.
        var closed = false
        for _ in 0..<10_000 {
            do { _ = try sleeper.readLine() } catch { closed = true; break }
        }
        #expect(closed)
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
        DaemonProcess.wait { (try? ControlConnection(path: first.socketPath)) != nil }
        #expect(try ControlConnection(path: first.socketPath).result("status")["daemon"] != nil)
    }
}

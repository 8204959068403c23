import ControlClient
import ControlProtocol
import DaemonTestSupport
import Foundation
import Glibc
import SystemCalls
import Testing

/// systemd's side, without systemd as PID 1: a fake NOTIFY_SOCKET, systemd-socket-activate,
/// journald's priority prefixes.
@Suite("eartrainerd under systemd", .daemon)
struct SystemdIntegrationTests {
    /// A datagram socket standing in for systemd's notify socket.
    final class FakeNotifySocket {
        let fd: Int32
        let path: String

        init(folder: URL) throws {
            path = folder.appendingPathComponent("notify").path
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            let address = try #require(UnixSocketAddress(path: path))
            guard address.withSocketAddress({ bind(fd, $0, $1) }) == 0 else { throw POSIXError(.EADDRINUSE) }
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit { close(fd) }

        func receive() -> String? {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(fd, &buffer, buffer.count, 0)
            return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil
        }
    }

    @Test("READY=1 with a STATUS= that says what is missing, then watchdog pings, then STOPPING=1")
    func notify() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let notify = try FakeNotifySocket(folder: folder)
        let daemon = try DaemonProcess(environment: ["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "200000"], audio: true)
        // Watchdog pings may come first; READY=1 comes once the devices have been tried.
        var first = notify.receive()
        while first == "WATCHDOG=1" { first = notify.receive() }
        let ready = try #require(first)
        #expect(ready.contains("READY=1"))
        #expect(ready.contains("STATUS=running without"))
        #expect(ready.contains("sound:"))
        var pings = 0
        while pings < 3, let message = notify.receive() {
            if message == "WATCHDOG=1" { pings += 1 }
        }
        #expect(pings == 3)
        #expect(await daemon.stop() == 0)
        var stopping = false
        while let message = notify.receive() {
            if message.contains("STOPPING=1") { stopping = true; break }
        }
        #expect(stopping)
    }

    /// Missing systemd-socket-activate fails the test rather than skipping it: a skip would count
    /// as a pass while socket activation went untested (`make deps` installs it with systemd).
    @Test("socket activation through systemd-socket-activate: the daemon serves the socket it is given")
    func socketActivation() async throws {
        let activate = "/usr/bin/systemd-socket-activate"
        try #require(FileManager.default.isExecutableFile(atPath: activate),
                     "\(activate) is missing: install the systemd package (scripts/deps/apt-base.txt, `make deps`)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("act-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("activated.sock").path
        let daemon = try DaemonProcess(socket: false, launcher: [activate, "-l", path])
        // systemd-socket-activate starts the daemon on the first connection. Its socket's file is
        // there once bound, a moment before it listens: a connection then is refused, so the
        // test connects until one is taken (a loaded machine once refused the first).
        var connected: ControlConnection?
        await Polling.wait(seconds: 60) {
            connected = try? await ControlConnection(path: path)
            return connected != nil
        }
        let link = try #require(connected, "\(path) never took a connection")
        #expect(try await link.result("status")["daemon"]?.stringValue == "eartrainerd 0.1.0")
        await Polling.wait { daemon.stdout.contains("systemd socket") }
        #expect(daemon.stdout.contains("control socket at systemd socket (fd 3)"))
        // Stopped at once: systemd-socket-activate closes the descriptor Foundation's Process
        // watches for a child's end, so Foundation waits for this one in a blocking waitpid,
        // and notices no other child's end, other suites' included, until it has ended.
        #expect(await daemon.stop() == 0)
    }

    @Test("under journald each line carries a priority prefix; --log-format json prints JSON lines")
    func journaldAndJSON() async throws {
        let daemon = try DaemonProcess(arguments: ["--log-format", "json"], environment: ["JOURNAL_STREAM": "8:1234"])
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "root": .string("A2")]))
        await Polling.wait { daemon.stdout.contains("\"prompt\"") }
        let lines = daemon.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count >= 3)
        #expect(lines.allSatisfy { $0.hasPrefix("<6>") || $0.hasPrefix("<4>") || $0.hasPrefix("<5>") })
        let prompt = try #require(lines.first { $0.contains("\"type\":\"prompt\"") })
        let object = try #require(jsonObject(String(prompt.dropFirst(3))))
        #expect(object["seq"] as? Int != nil)
        #expect((object["text"] as? String)?.contains("A ionian") == true)
    }
}

import Foundation
import Glibc
import Synchronization
import Testing

/// What eartrainctl says when the daemon does not answer in time: a daemon that takes the
/// connection and then says nothing (stopped, or far too busy), told apart from one that closed.
@Suite("eartrainctl's wait for the daemon")
struct ReplyTimeoutTests {
    let ctl = ExecutableRunner(product: "eartrainctl")

    @Test("a daemon that never greets: the wait runs out after --timeout, said as such, exit 75")
    func noGreeting() async throws {
        let silent = try SilentDaemon(greets: false)
        let result = try await ctl.run(["status", "--timeout", "0.5", "--socket", silent.path])
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.contains("no answer from the daemon within 0.5 s"), "\(result.stderr)")
        #expect(!result.stderr.contains("closed the connection"))
    }

    @Test("a daemon that greets, then never answers: ETCTL_TIMEOUT sets the wait, exit 75")
    func noAnswer() async throws {
        let silent = try SilentDaemon(greets: true)
        let result = try await ctl.run(["status", "--socket", silent.path], environment: ["ETCTL_TIMEOUT": "1"])
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.contains("no answer from the daemon within 1 s"), "\(result.stderr)")
        #expect(silent.requests.contains { $0.contains(#""method":"status""#) }, "the request was sent: \(silent.requests)")
    }

    @Test("--timeout wins over ETCTL_TIMEOUT")
    func optionFirst() async throws {
        let silent = try SilentDaemon(greets: true)
        let result = try await ctl.run(["status", "--timeout", "0.3", "--socket", silent.path], environment: ["ETCTL_TIMEOUT": "600"])
        #expect(result.status == 75)
        #expect(result.stderr.contains("within 0.3 s"), "\(result.stderr)")
    }

    @Test("a daemon that closes the connection is still said to have closed it (76)")
    func closed() async throws {
        let silent = try SilentDaemon(greets: true, closesAfterRequest: true)
        let result = try await ctl.run(["status", "--timeout", "30", "--socket", silent.path])
        #expect(result.status == 76, "\(result.stderr)")
        #expect(result.stderr.contains("the daemon closed the connection"), "\(result.stderr)")
    }

    @Test("a timeout that is not seconds is refused before connecting (64), naming where it came from",
          arguments: [(["--timeout", "soon"], [:], "--timeout"), (["--timeout=-1"], [:], "--timeout"),
                      ([], ["ETCTL_TIMEOUT": "nan"], "ETCTL_TIMEOUT")] as [([String], [String: String], String)])
    func refused(arguments: [String], environment: [String: String], source: String) async throws {
        let result = try await ctl.run(["status"] + arguments + ["--socket", "/nonexistent/eartrainer.sock"], environment: environment)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("\(source) takes seconds to wait"), "\(result.stderr)")
    }
}

/// A listening socket that takes connections and answers nothing: it greets (or not), reads what
/// the client sends, and closes only when told to.
private final class SilentDaemon: Sendable {
    let path: String
    private let listener: Int32
    private let received = Mutex<[String]>([])

    /// The lines the client sent so far.
    var requests: [String] { received.withLock { $0 } }

    init(greets: Bool, closesAfterRequest: Bool = false) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("eartrainctl-silent-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("s.sock").path
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listener, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
        guard greets else { return }  // connections wait in the backlog, never accepted
        let fd = listener
        Thread.detachNewThread { [self] in
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            let greeting = #"{"jsonrpc":"2.0","method":"hello","params":{"protocol":"eartrainer","version":1,"daemon":"silent","methods":["status"]}}"# + "\n"
            _ = greeting.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(client, &buffer, buffer.count, 0)
                if count <= 0 { break }
                self.received.withLock { $0.append(String(decoding: buffer[0..<count], as: UTF8.self)) }
                if closesAfterRequest { break }
            }
            close(client)
        }
    }

    deinit {
        close(listener)
        unlink(path)
    }
}

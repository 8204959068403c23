import ControlProtocol
import Foundation
import Glibc
import SystemCalls
import Synchronization
import Testing

@testable import ControlServer

/// The server against real sockets, with an echo "daemon" reading its events.
@Suite("ControlServer")
struct ControlServerTests {
    static let refusals = ControlServer.Refusals(
        tooManyClients: #"{"error":"too many"}"#, lineTooLong: #"{"error":"too long"}"#, busy: #"{"error":"busy"}"#)

    /// Starts a server whose handler echoes each line back prefixed with the peer's uid.
    private func withEchoServer(limits: ServerLimits = ServerLimits(), _ body: (ControlServer, String) async throws -> Void) async throws {
        let path = temporarySocketPath()
        let server = try ControlServer(listener: try UnixListener.bind(path: path), greeting: "hello", refusals: Self.refusals, limits: limits)
        let serving = Task { await server.run() }
        let echo = Task {
            for await event in server.events {
                if case .line(let id, let peer, let bytes) = event {
                    server.complete(id, reply: "\(peer.uid):" + String(decoding: bytes, as: UTF8.self))
                }
            }
        }
        try await body(server, path)
        serving.cancel()
        await serving.value
        await echo.value
    }

    @Test("cancelling run() ends it: clients are closed, events finish, the socket file is removed")
    func cancellingRunStops() async throws {
        let path = temporarySocketPath()
        let server = try ControlServer(listener: try UnixListener.bind(path: path), greeting: "hello", refusals: Self.refusals)
        let serving = Task { await server.run() }
        let client = try TestClient(path: path)
        #expect(await client.readLine() == "hello")
        let events = Task { () -> [String] in
            var seen: [String] = []
            for await event in server.events {
                if case .connected = event { seen.append("connected") }
                if case .disconnected = event { seen.append("disconnected") }
            }
            return seen
        }
        serving.cancel()
        await serving.value
        #expect(await client.readLine() == nil)
        #expect(await events.value == ["connected"])
        #expect(access(path, F_OK) == -1)
        #expect(throws: (any Error).self) { try TestClient(path: path) }
    }

    @Test("run() in a task cancelled before it starts returns at once, having served nobody")
    func cancelledBeforeRun() async throws {
        let path = temporarySocketPath()
        let server = try ControlServer(listener: try UnixListener.bind(path: path), greeting: "hello", refusals: Self.refusals)
        let serving = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await server.run()
        }
        await serving.value
        var finished = true
        for await _ in server.events { finished = false }
        #expect(finished)
        #expect(access(path, F_OK) == -1)
    }

    @Test("a client is greeted, and each line it sends comes back answered, with its credentials")
    func greetsAndAnswers() async throws {
        try await withEchoServer { _, path in
            let client = try TestClient(path: path)
            #expect(await client.readLine() == "hello")
            client.send("one\ntwo\n")
            #expect(await client.readLine() == "\(getuid()):one")
            #expect(await client.readLine() == "\(getuid()):two")
        }
    }

    @Test("a client that sends and then shuts down its side still gets every answer, then is closed")
    func halfClose() async throws {
        try await withEchoServer { _, path in
            let client = try TestClient(path: path)
            #expect(await client.readLine() == "hello")
            client.send("a\nb\nc\n")
            shutdown(client.fd, Int32(SHUT_WR))
            #expect(await client.readLine() == "\(getuid()):a")
            #expect(await client.readLine() == "\(getuid()):b")
            #expect(await client.readLine() == "\(getuid()):c")
            #expect(await client.readLine() == nil)
        }
    }

    @Test("the socket file has mode 0660 and is removed when the listener goes")
    func socketFileMode() async throws {
        let path = temporarySocketPath()
        do {
            let listener = try UnixListener.bind(path: path)
            var info = stat()
            #expect(stat(path, &info) == 0)
            #expect(info.st_mode & 0o777 == 0o660)
            _ = listener
        }
        #expect(access(path, F_OK) == -1)
    }

    @Test("binding leaves the process's umask alone: files made meanwhile by another thread keep their modes")
    func umaskUntouched() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("umask-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mask = umask(0o022)
        defer { umask(mask) }
        let binding = Atomic(true)
        // Files made while sockets are bound, as a test's child or the daemon's store would make them.
        let modes = Mutex<Set<mode_t>>([])
        let made = Thread {
            var seen = Set<mode_t>()
            var index = 0
            while binding.load(ordering: .relaxed) {
                let file = "\(folder)/f\(index % 8)"
                unlink(file)
                let fd = open(file, O_CREAT | O_WRONLY, 0o666)
                var info = stat()
                if fd >= 0, fstat(fd, &info) == 0 { seen.insert(info.st_mode & 0o777) }
                close(fd)
                index += 1
            }
            modes.withLock { $0 = seen }
        }
        made.start()
        for index in 0..<300 {
            let listener = try UnixListener.bind(path: "\(folder)/s\(index).sock")
            _ = listener
        }
        binding.store(false, ordering: .relaxed)
        while !made.isFinished { try await Task.sleep(for: .milliseconds(5)) }
        #expect(modes.withLock { $0 } == [0o644], "each file made beside the binds is 0644, as the umask says")
    }

    @Test("a stale socket file is replaced; a live one and a non-socket file are left alone")
    func staleAndLive() throws {
        let path = temporarySocketPath()
        let first = try UnixListener.bind(path: path)
        var info = stat()
        #expect(stat(path, &info) == 0)
        // Live: binding again while `first` listens must refuse and leave the file.
        #expect(throws: ControlServerError.alreadyRunning(path)) { try UnixListener.bind(path: path) }
        #expect(stat(path, &info) == 0)
        #expect(first.path == path)
        // Make it stale without removing the file: close the listening socket behind the object's back.
        let staleDir = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("stale.sock").path
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let address = try #require(UnixSocketAddress(path: staleDir))
        _ = address.withSocketAddress { Glibc.bind(probe, $0, $1) }
        close(probe)  // the file stays, nobody answers
        #expect(stat(staleDir, &info) == 0)
        let replaced = try UnixListener.bind(path: staleDir)
        #expect(replaced.path == staleDir)
        // Not a socket: a regular file is never replaced.
        let regular = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("file.sock").path
        FileManager.default.createFile(atPath: regular, contents: Data("keep".utf8))
        #expect(throws: ControlServerError.notASocket(regular)) { try UnixListener.bind(path: regular) }
        #expect(try String(contentsOfFile: regular, encoding: .utf8) == "keep")
    }

    @Test("clients beyond the limit are told so and closed; the others carry on")
    func tooManyClients() async throws {
        try await withEchoServer(limits: ServerLimits(maxClients: 2)) { _, path in
            let a = try TestClient(path: path)
            let b = try TestClient(path: path)
            #expect(await a.readLine() == "hello")
            #expect(await b.readLine() == "hello")
            let c = try TestClient(path: path)
            #expect(await c.readLine() == #"{"error":"too many"}"#)
            #expect(await c.readLine() == nil)
            a.send("still here\n")
            #expect(await a.readLine() == "\(getuid()):still here")
        }
    }

    @Test("readers who fill every open place leave the reserved ones to a peer they are kept for (the control group)")
    func reservedPlaces() async throws {
        let path = temporarySocketPath()
        // Every test client has the same credentials: who counts as "control" is switched by hand.
        let control = Mutex(false)
        let server = try ControlServer(listener: try UnixListener.bind(path: path), greeting: "hello", refusals: Self.refusals,
                                       limits: ServerLimits(maxClients: 64), keepsPlace: { _ in control.withLock { $0 } })
        #expect(server.limits.reservedClients == 8)
        let serving = Task { await server.run() }
        let echo = Task {
            for await event in server.events {
                if case .line(let id, _, let bytes) = event { server.complete(id, reply: String(decoding: bytes, as: UTF8.self)) }
            }
        }
        var readers: [TestClient] = []
        for _ in 0..<56 {
            let reader = try TestClient(path: path)
            #expect(await reader.readLine() == "hello")
            readers.append(reader)
        }
        let oneMore = try TestClient(path: path)
        #expect(await oneMore.readLine() == #"{"error":"too many"}"#, "a reader past the 56 open places")
        control.withLock { $0 = true }
        for _ in 0..<8 {
            let admin = try TestClient(path: path)
            #expect(await admin.readLine() == "hello", "the control group's places")
            readers.append(admin)
        }
        let past = try TestClient(path: path)
        #expect(await past.readLine() == #"{"error":"too many"}"#, "64 in all")
        serving.cancel()
        await serving.value
        await echo.value
    }

    @Test("connections closed while they waited to be accepted do not take the places of live ones")
    func closedInBacklogDoNotCount() async throws {
        let path = temporarySocketPath()
        let server = try ControlServer(listener: try UnixListener.bind(path: path), greeting: "hello", refusals: Self.refusals,
                                       limits: ServerLimits(maxClients: 4))
        // Before the server thread runs, 50 connections come and go, then 4 that stay: all wait in the backlog.
        for _ in 0..<50 { _ = try TestClient(path: path) }
        let live = try (0..<4).map { _ in try TestClient(path: path) }
        let serving = Task { await server.run() }
        let echo = Task {
            for await event in server.events {
                if case .line(let id, _, let bytes) = event { server.complete(id, reply: String(decoding: bytes, as: UTF8.self)) }
            }
        }
        for (number, client) in live.enumerated() {
            #expect(await client.readLine() == "hello")
            client.send("client \(number)\n")
            #expect(await client.readLine() == "client \(number)")
        }
        let fifth = try TestClient(path: path)
        #expect(await fifth.readLine() == #"{"error":"too many"}"#)
        serving.cancel()
        await serving.value
        await echo.value
    }

    @Test("a quick answer is sent from the server thread; behind an unanswered line, lines wait their turn")
    func quickAnswers() async throws {
        let path = temporarySocketPath()
        let server = try ControlServer(
            listener: try UnixListener.bind(path: path), greeting: "hello", refusals: Self.refusals,
            quickAnswer: { line, _, _ in
                String(decoding: line, as: UTF8.self) == "quick" ? "answered quickly" : nil
            })
        let serving = Task { await server.run() }
        let release = AsyncStream.makeStream(of: Void.self)
        let slow = Task {
            for await event in server.events {
                guard case .line(let id, _, let bytes) = event else { continue }
                let text = String(decoding: bytes, as: UTF8.self)
                if text == "slow" { for await _ in release.stream { break } }  // held until the test says
                server.complete(id, reply: "daemon: " + text)
            }
        }
        let client = try TestClient(path: path)
        #expect(await client.readLine() == "hello")
        client.send("quick\n")
        #expect(await client.readLine() == "answered quickly")
        // "slow" is still unanswered, so "quick" must wait behind it and go to the daemon.
        client.send("slow\nquick\n")
        try await Task.sleep(for: .milliseconds(50))
        release.continuation.yield()
        #expect(await client.readLine() == "daemon: slow")
        #expect(await client.readLine() == "daemon: quick")
        // A line longer than the quick answer takes goes to the daemon, however it reads.
        client.send("quick" + String(repeating: " ", count: ControlServer.quickAnswerBytes) + "\n")
        #expect(await client.readLine() == "daemon: quick" + String(repeating: " ", count: ControlServer.quickAnswerBytes))
        serving.cancel()
        await serving.value
        await slow.value
    }

    @Test("a line over 64 KiB is refused and the connection goes on")
    func longLine() async throws {
        try await withEchoServer { _, path in
            let client = try TestClient(path: path)
            #expect(await client.readLine() == "hello")
            client.send(String(repeating: "x", count: 70_000) + "\nafter\n")
            #expect(await client.readLine() == #"{"error":"too long"}"#)
            #expect(await client.readLine() == "\(getuid()):after")
        }
    }

    @Test("a client that never reads is dropped once its queue is full; others are not stalled")
    func slowReaderDropped() async throws {
        let path = temporarySocketPath()
        let server = try ControlServer(
            listener: try UnixListener.bind(path: path), greeting: "hello", refusals: Self.refusals,
            limits: ServerLimits(maxQueuedOutputBytes: 64 * 1024))
        let serving = Task { await server.run() }
        let slow = try TestClient(path: path)
        var bufferSize: Int32 = 4096
        setsockopt(slow.fd, SOL_SOCKET, SO_RCVBUF, &bufferSize, socklen_t(MemoryLayout<Int32>.size))
        let fast = try TestClient(path: path)
        var ids: [ClientID] = []
        var dropped: DisconnectReason?
        var iterator = server.events.makeAsyncIterator()
        while ids.count < 2, let event = await iterator.next() {
            if case .connected(let id, _) = event { ids.append(id) }
        }
        let line = String(repeating: "n", count: 1000)
        for _ in 0..<2000 { server.send(line, to: ids[0]) }  // ~2 MB to a reader that never reads
        server.send("ping", to: ids[1])
        #expect(await fast.readLine() == "hello")
        #expect(await fast.readLine() == "ping")
        while dropped == nil, let event = await iterator.next() {
            if case .disconnected(let id, let reason) = event, id == ids[0] { dropped = reason }
        }
        #expect(dropped == .outputOverflow)
        serving.cancel()
        await serving.value
    }

    @Test("a reply longer than the queue's limit is never queued: its client is cut off as overflowing, others go on")
    func longReplyCutsOff() async throws {
        let path = temporarySocketPath()
        let server = try ControlServer(
            listener: try UnixListener.bind(path: path), greeting: "hello", refusals: Self.refusals,
            limits: ServerLimits(maxQueuedOutputBytes: 64 * 1024))
        let serving = Task { await server.run() }
        let reader = try TestClient(path: path)
        let other = try TestClient(path: path)
        var iterator = server.events.makeAsyncIterator()
        var ids: [ClientID] = []
        while ids.count < 2, let event = await iterator.next() {
            if case .connected(let connected, _) = event { ids.append(connected) }
        }
        #expect(await reader.readLine() == "hello")
        #expect(await other.readLine() == "hello")
        let fits = String(repeating: "f", count: 60 * 1024)
        server.send(fits, to: ids[0])
        #expect(await reader.readLine()?.count == fits.count, "a reply within the limit arrives whole")
        server.send(String(repeating: "e", count: 512 * 1024), to: ids[0])  // eight times the limit
        server.send("after", to: ids[0])
        server.send("ping", to: ids[1])
        var dropped: DisconnectReason?
        while dropped == nil, let event = await iterator.next() {
            if case .disconnected(let id, let reason) = event, id == ids[0] { dropped = reason }
        }
        #expect(dropped == .outputOverflow)
        #expect(await reader.readLine() == nil, "nothing of the long reply, nor what followed it, was sent")
        #expect(await other.readLine() == "ping")
        serving.cancel()
        await serving.value
    }
}

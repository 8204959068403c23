import ControlClient
import ControlProtocol
import DaemonTestSupport
import Foundation
import Glibc
import Testing

/// The daemon meets careless and hostile clients; it answers, refuses or drops them, and keeps
/// serving everyone else.
@Suite("The daemon and bad input", .daemon)
struct BadInputTests {
    @Test("malformed JSON, unknown methods and random bytes get errors; the connection stays open")
    func garbage() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        try await link.sendLine("{not json")
        #expect(try await link.readLine().contains("-32700"))
        try await link.sendLine(#"{"jsonrpc":"2.0","id":1,"method":"dance"}"#)
        #expect(try await link.readLine().contains("-32601"))
        var random = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let bytes = (0..<Int.random(in: 1...200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                .filter { $0 != 10 }
            try await link.sendLine(String(decoding: bytes, as: UTF8.self))
            #expect(try await link.readLine().contains("\"error\""))
        }
        #expect(try await link.result("status")["daemon"]?.stringValue == "eartrainerd 0.1.0")
    }

    @Test("stdout nobody reads: training goes on, lines past the backlog are dropped and counted, the rest come later")
    func stdoutNotRead() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        daemon.pauseStdoutReader()
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "root": .string("C3"), "mode": .string("ionian")]))
        // A C3 Ionian round is 8 notes, each a line or more: 3,200 notes write far more than the
        // pipe's 64 KiB. Were the core to wait for stdout, these replies would never come.
        let round = ["C3", "D3", "E3", "F3", "G3", "A3", "B3", "C4"].map { JSONValue.string($0) }
        for _ in 0..<40 {
            _ = try await link.result("notes.play", .object(["notes": .array(Array(repeating: round, count: 10).flatMap { $0 })]))
        }
        #expect(try await link.result("status")["session"]?["correct"] == .number(3200))
        daemon.resumeStdoutReader()
        #expect(await Polling.wait { daemon.stdout.contains("lines dropped") }, "stdout ends: \(daemon.stdout.suffix(300))")
        // Lines after the gap come through again.
        _ = try await link.result("notes.play", .object(["notes": .array([.string("C3")])]))
        #expect(await daemon.stop())
        #expect(daemon.stdout.components(separatedBy: "\n").suffix(8).contains { $0.contains("C3") })
    }

    @Test("a line over 64 KiB is refused and the connection goes on")
    func longLine() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        try await link.sendLine(String(repeating: "x", count: 1 << 20))
        #expect(try await link.readLine().contains("-32001"))
        #expect(try await link.result("status")["session"] == nil)
    }

    @Test("clients beyond the limit are refused politely; the others are served")
    func tooManyClients() async throws {
        let daemon = try await TestDaemon(maxClients: 2)
        let first = try await daemon.connect()
        let second = try await daemon.connect()
        await #expect(throws: ControlConnection.ConnectionError.refused("too many clients (at most 2); try again later")) {
            _ = try await daemon.connect()
        }
        #expect(try await first.result("status")["daemon"] != nil)
        #expect(try await second.result("status")["daemon"] != nil)
    }

    @Test("a subscriber that never reads is dropped; status stays quick for everyone else")
    func slowSubscriber() async throws {
        let daemon = try await TestDaemon()
        // A bare descriptor: a ControlConnection reads everything as it comes, and this one must not.
        let sleeper = try daemon.rawClient()
        defer { close(sleeper) }
        var small: Int32 = 4096
        setsockopt(sleeper, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        let subscribe = Array((Wire.encode(RPCRequest(id: .number(1), method: "subscribe")) + "\n").utf8)
        #expect(send(sleeper, subscribe, subscribe.count, Int32(MSG_NOSIGNAL)) == subscribe.count)
        let worker = try await daemon.connect()
        _ = try await worker.result("session.start", .object(["kind": .string("scale"), "root": .string("C3")]))
        let notes = JSONValue.array((0..<100).map { _ in .string("C#3") })
        // Every status is answered while the sleeper reads nothing: a daemon that waited on it
        // would answer none. How quickly is measured where nothing runs beside it (the abuse
        // suite's subscriber that never reads, with its p99).
        for round in 0..<40 {
            _ = try await worker.result("notes.play", .object(["notes": notes]))
            #expect(try await worker.result("status")["session"] != nil, "status \(round)")
        }
        // The sleeper's queue overflowed (4,000 events of ~1 KB): the daemon closed it. What it
        // sent before is read without waiting, until the end (or 10 s of nothing more).
        var closed = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let deadline = ContinuousClock.now + .seconds(10)
        while !closed && ContinuousClock.now < deadline {
            let count = recv(sleeper, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) {
                closed = true
            } else if count < 0 {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        #expect(closed)
    }
}

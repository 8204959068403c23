import Foundation
import Hummingbird
import HummingbirdTesting
import ProcessTestSupport
import Testing
@testable import WebView

/// The web view cannot be starved (issue 25): a live server on loopback, with deadlines short
/// enough for a test (the bounds scale; docs/web.md gives the real ones), and clients that
/// send too slowly, too much, garbage, or too many connections. The deadlines are the server's
/// real timers, and the tests bound when a connection is closed: they run with the suites timed
/// against the clock (`.realTime`), one at a time: their time limits count the wait for that
/// turn, so they only keep a hang from holding the run.
@Suite(.realTime) struct ConnectionLimitsTests {
    static func app(_ daemon: MemoryDaemon, _ limits: ConnectionLimits) -> some ApplicationProtocol {
        buildApplication(configuration: WebConfiguration(connections: limits), daemon: daemon, logger: WebApplicationTests.logger)
    }

    /// Deadlines of one second (a test's patience), caps as given; each loopback address a
    /// machine of its own, as the tests play them (the shipped rule counts all of loopback as one).
    static func limits(perAddress: Int = 32, total: Int = 512, seconds: Int64 = 1) -> ConnectionLimits {
        ConnectionLimits(perAddress: perAddress, total: total, headers: .seconds(seconds), body: .seconds(seconds), idle: .seconds(seconds),
                         peerGroup: { $0 })
    }

    @Test("by the shipped rule all of loopback is one peer: 127.0.0.2 is refused once 127.0.0.9 holds the cap", .timeLimit(.minutes(30)))
    func loopbackIsOne() async throws {
        let daemon = MemoryDaemon(status: Fixtures.idleStatus())
        var limits = Self.limits(perAddress: 4, total: 64, seconds: 30)
        limits.peerGroup = ConnectionLimits().peerGroup
        try await Self.app(daemon, limits).test(.live) { client in
            let port = try #require(client.port)
            // Loopback's four places filled from one address (the test's own client may hold one).
            var held: [RawClient] = []
            for _ in 0..<5 {
                let next = try RawClient(port: port, from: "127.0.0.9")
                guard try await Self.page(next).hasPrefix("HTTP/1.1 200") else { break }
                held.append(next)
            }
            #expect((1...4).contains(held.count), "\(held.count) admitted")
            let refused = try await RawClient(port: port, from: "127.0.0.2").readUntilClosed()
            #expect(refused.closed && refused.answer.hasPrefix("HTTP/1.1 503"), "\(refused)")
        }
    }

    @Test("half a request is cut off at its deadline, even sent a byte at a time: headers, body, or the next request's headers", .timeLimit(.minutes(30)),
          arguments: [
              ("GET / HTTP/1.1\r\nHost: loc", "a"),
              ("POST /session/stop HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\ncsrf=", "a"),
              (RawClient.getPage + "GET / HTTP/1.1\r\n", "X"),
          ])
    func slowClient(start: String, trickle: String) async throws {
        let daemon = MemoryDaemon(status: Fixtures.idleStatus())
        try await Self.app(daemon, Self.limits()).test(.live) { client in
            let raw = try RawClient(port: try #require(client.port))
            let begun = ContinuousClock.now
            raw.send(start)
            // A byte every 200 ms: never idle, never done.
            while raw.send(trickle), ContinuousClock.now - begun < .seconds(15) { try await Task.sleep(for: .milliseconds(200)) }
            let (_, closed, _) = try await raw.readUntilClosed(limit: .seconds(1))
            let after = ContinuousClock.now - begun
            #expect(closed)
            #expect(after > .milliseconds(900) && after < .seconds(10), "closed after \(after); the deadline is 1 s")
        }
    }

    @Test("an idle keep-alive connection is closed after the idle deadline", .timeLimit(.minutes(30)))
    func idleKeepAlive() async throws {
        let daemon = MemoryDaemon(status: Fixtures.idleStatus())
        try await Self.app(daemon, Self.limits()).test(.live) { client in
            let raw = try RawClient(port: try #require(client.port))
            raw.send(RawClient.getPage)
            let (answer, closed, after) = try await raw.readUntilClosed()
            #expect(answer.hasPrefix("HTTP/1.1 200"))
            #expect(closed && after > .milliseconds(900) && after < .seconds(10), "closed: \(closed) after \(after)")
        }
    }

    @Test("past the per-address cap a connection gets 503 and a close, while another address still gets GET /; past the total cap every address does", .timeLimit(.minutes(30)))
    func connectionCaps() async throws {
        let daemon = MemoryDaemon(status: Fixtures.idleStatus())
        try await Self.app(daemon, Self.limits(perAddress: 4, total: 8, seconds: 30)).test(.live) { client in
            let port = try #require(client.port)
            // From an address of their own (the test's client holds a connection from 127.0.0.1).
            var held = try (0..<4).map { _ in try RawClient(port: port, from: "127.0.0.9") }
            // Answered, so admitted (connections are set up on several threads, in no set order).
            for client in held { #expect(try await Self.page(client).hasPrefix("HTTP/1.1 200")) }
            for _ in 0..<3 {
                let refused = try await RawClient(port: port, from: "127.0.0.9").readUntilClosed()
                #expect(refused.closed && refused.answer.hasPrefix("HTTP/1.1 503"), "\(refused)")
            }
            let other = try RawClient(port: port, from: "127.0.0.2")
            #expect(try await Self.page(other).hasPrefix("HTTP/1.1 200"), "another address is served")
            // Each new address is served until eight are open in all (the test's client among them).
            var answers: [String] = []
            for host in 3...12 where answers.last?.hasPrefix("HTTP/1.1 503") != true {
                let next = try RawClient(port: port, from: "127.0.0.\(host)")
                answers.append(String(try await Self.page(next).prefix(12)))
                held.append(next)
            }
            #expect(answers.last == "HTTP/1.1 503" && answers.count <= 3, "\(answers)")
            // Closed ones leave room again (once the server has seen them close).
            held.removeAll()
            var served = ""
            for _ in 0..<50 where !served.hasPrefix("HTTP/1.1 200") {
                try await Task.sleep(for: .milliseconds(100))
                served = try await Self.page(RawClient(port: port, from: "127.0.0.9"))
            }
            #expect(served.hasPrefix("HTTP/1.1 200"))
        }
    }

    /// `GET /` on `client`'s connection, kept open: the answer (a page, or the 503 and a close).
    static func page(_ client: RawClient) async throws -> String {
        client.send(RawClient.getPage)
        return try await client.read(until: "</html>")
    }

    /// A request a browser would never send, named for the test's report.
    struct BadRequest: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: String
        let status: String
        var testDescription: String { name }

        static let all = [
            BadRequest(name: "garbage", bytes: "\u{1}\u{2}garbage\r\n\r\n", status: "HTTP/1.1 400"),
            BadRequest(name: "a 64 KiB header",
                       bytes: "GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: \(String(repeating: "a", count: 64 * 1024))\r\n\r\n", status: "HTTP/1.1 431"),
            BadRequest(name: "a negative length", bytes: "GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: -1\r\n\r\n", status: "HTTP/1.1 400"),
            BadRequest(name: "garbage after a good request", bytes: RawClient.getPage + "\u{1}\u{2}garbage\r\n\r\n", status: "HTTP/1.1 400"),
        ]
    }

    @Test("garbage or oversized headers get 400 or 431 and a close, as the first request or a later one; the server goes on",
          .timeLimit(.minutes(30)), arguments: BadRequest.all)
    func badRequest(request: BadRequest) async throws {
        let daemon = MemoryDaemon(status: Fixtures.idleStatus())
        try await Self.app(daemon, ConnectionLimits()).test(.live) { client in
            let port = try #require(client.port)
            let raw = try RawClient(port: port)
            raw.send(request.bytes)
            let (answer, closed, after) = try await raw.readUntilClosed()
            let answers = answer.components(separatedBy: "HTTP/1.1 ").dropFirst().map { "HTTP/1.1 " + $0 }
            #expect(answers.last?.hasPrefix(request.status) == true, "\(answer.prefix(200))")
            #expect(closed && after < .seconds(4), "closed: \(closed) after \(after), before any deadline")
            #expect(try await Self.page(RawClient(port: port)).hasPrefix("HTTP/1.1 200"), "the server goes on")
        }
        #expect(daemon.calls.allSatisfy { $0.method == .status })
    }
}

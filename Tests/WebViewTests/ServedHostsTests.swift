import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import Training
@testable import WebView

/// DNS rebinding: a page whose name was rebound to this machine sends its own name as `Host`
/// and `Origin`; only the names this server answers to pass, and `Origin` is never compared with
/// the request's own `Host`.
@Suite struct ServedHostsTests {
    static let loopback = ServedHosts(listen: .standard, machineAddresses: { ["192.168.1.20"] })
    static let everywhere = ServedHosts(listen: ListenAddress(host: "0.0.0.0", port: 8750), machineAddresses: { ["192.168.1.20"] })

    @Test("Host: the served names, with the port or none; anything else is refused", arguments: [
        ("127.0.0.1:8750", true), ("localhost:8750", true), ("LOCALHOST:8750", true), ("[::1]:8750", true), ("localhost", true),
        ("evil.example:8750", false), ("evil.example", false), ("127.0.0.1:8751", false), ("127.0.0.2:8750", false),
        ("192.168.1.20:8750", false), ("localhost.:8750", false), ("::1", false), ("localhost:+8750", false),
        ("user@localhost:8750", false), ("", false),
    ])
    func host(authority: String, served: Bool) {
        #expect(Self.loopback.serves(host: authority) == served)
    }

    @Test("listening on every address, the machine's own addresses are served too, and no other")
    func everyAddress() {
        #expect(Self.everywhere.serves(host: "192.168.1.20:8750") && Self.everywhere.serves(host: "localhost:8750"))
        #expect(!Self.everywhere.serves(host: "192.168.1.21:8750") && !Self.everywhere.serves(host: "0.0.0.0:8750"))
        #expect(!Self.everywhere.serves(host: "evil.example:8750") && !Self.loopback.serves(host: nil))
    }

    @Test("Origin: a served name on the bound port, http or https; never another site, another port or null", arguments: [
        ("http://127.0.0.1:8750", true), ("http://localhost:8750", true), ("http://[::1]:8750", true), ("HTTP://LocalHost:8750", true),
        ("http://evil.example:8750", false), ("http://localhost:9000", false), ("http://localhost", false), ("null", false),
        ("http://localhost:8750/x", false), ("file://", false),
    ])
    func origin(origin: String, own: Bool) {
        #expect(Self.loopback.isOwn(origin: origin) == own)
    }

    @Test("a rebound name is refused (421) before any route: no page, no control, no statistics; no WebSocket upgrade", .timeLimit(.minutes(1)))
    func reboundHost() async throws {
        let browsers = PairedBrowsers()
        let browser = browsers.pair()
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        let app = WebApplicationTests.app(daemon, browsers: browsers)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let evil = "evil.example:\(port)"
            var upgrade: HTTPFields = [.connection: "Upgrade", .upgrade: "websocket", .secWebSocketVersion: "13",
                                       .secWebSocketKey: "dGhlIHNhbXBsZSBub25jZQ==", .origin: "http://\(evil)"]
            upgrade[.cookie] = "\(RequestGate.cookieName)=\(browser.token)"
            let requests: [TestClient.Request] = [
                .init("/", method: .get, authority: evil, headers: [.origin: "http://\(evil)"]),
                .init("/progress?profile=bea", method: .get, authority: evil),
                .init("/session/stop", method: .post, authority: evil,
                      headers: [.origin: "http://\(evil)", .contentType: "application/x-www-form-urlencoded", .cookie: "\(RequestGate.cookieName)=\(browser.token)"],
                      body: ByteBuffer(string: "csrf=\(browser.csrf)")),
            ]
            for request in requests {
                let status = try await Self.send(request, port: port)
                #expect(status == .misdirectedRequest, "\(request.head.method) \(request.head.path ?? "")")
            }
            // A refused upgrade is Hummingbird's 400 and a close, never 101.
            let upgraded = try await Self.send(.init("/live", method: .get, authority: evil, headers: upgrade), port: port)
            #expect(upgraded == .badRequest, "the WebSocket by the rebound name")
            let served = try await Self.send(.init("/", method: .get, authority: "127.0.0.1:\(port)"), port: port)
            #expect(served == .ok, "the same request by this server's name")
        }
        #expect(daemon.calls.map(\.method) == [.status], "only the request by this server's name reached the daemon")
        #expect(daemon.followerCount == 0)
    }

    /// `request` sent as written, `Host` and all, on a connection of its own (a refusal closes it).
    static func send(_ request: TestClient.Request, port: Int) async throws -> HTTPResponse.Status {
        let client = TestClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(10)))
        client.connect()
        do {
            let status = try await client.execute(request).status
            try await client.shutdown()
            return status
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}

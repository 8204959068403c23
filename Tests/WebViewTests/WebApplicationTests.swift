import ControlProtocol
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import Logging
import Testing
@testable import WebView

/// The whole app as `eartrainer-web` runs it, in process: through the router, and through a live
/// server on loopback for what depends on the peer (controls) and for the WebSocket.
@Suite struct WebApplicationTests {
    static let logger = Logger(label: "web-test", factory: { _ in SwiftLogNoOpLogHandler() })

    static func app(_ daemon: MemoryDaemon) -> some ApplicationProtocol {
        buildApplication(configuration: WebConfiguration(), daemon: daemon, logger: logger)
    }

    @Test("GET / is the live page drawn from status, with its script and style")
    func livePage() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        try await Self.app(daemon).test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
                let html = String(buffer: response.body)
                #expect(html.contains("D3 dorian scale") && html.contains("<svg"))
            }
            try await client.execute(uri: "/static/live.js", method: .get) { response in
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(String(buffer: response.body).contains("new WebSocket"))
            }
            try await client.execute(uri: "/static/web.css", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
        #expect(daemon.calls.map(\.method) == [.status])
    }

    @Test("without a daemon the page says so (503) and still loads its script, which connects again")
    func daemonAway() async throws {
        let daemon = MemoryDaemon(status: Fixtures.idleStatus())
        daemon.goAway()
        try await Self.app(daemon).test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                let html = String(buffer: response.body)
                #expect(html.contains("The daemon is not answering"))
                #expect(html.contains("/static/live.js"))
            }
        }
    }

    @Test("GET /results shows the last results, or that there are none yet")
    func results() async throws {
        let daemon = MemoryDaemon(status: Fixtures.idleStatus())
        try await Self.app(daemon).test(.router) { client in
            daemon.reply(to: .sessionResults, with: .failure(.refused(.noResults)))
            try await client.execute(uri: "/results", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("No results yet"))
            }
            daemon.reply(to: .sessionResults, with: .success(Fixtures.results))
            try await client.execute(uri: "/results", method: .get) { response in
                #expect(String(buffer: response.body).contains("degree 3 → P4"))
            }
        }
    }

    @Test("GET /progress draws stats.get for the profile asked; a bad name or no statistics is said")
    func progress() async throws {
        let daemon = MemoryDaemon(status: Fixtures.idleStatus())
        try await Self.app(daemon).test(.router) { client in
            daemon.reply(to: .statsGet, with: .success(Fixtures.stats))
            try await client.execute(uri: "/progress?profile=bea", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("Progress of bea"))
            }
            try await client.execute(uri: "/progress", method: .get) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/progress?profile=%3Cx%3E", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("No such profile"))
            }
            daemon.reply(to: .statsGet, with: .failure(.refused(.statisticsUnavailable("the disk is gone"))))
            try await client.execute(uri: "/progress", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(String(buffer: response.body).contains("the disk is gone"))
            }
        }
        #expect(daemon.calls.map(\.params) == [.object(["profile": .string("bea")]), .object([:]), .object([:])])
    }

    @Test("a control action from a peer that is not loopback is refused with 403, and nothing reaches the daemon")
    func refusedOffLoopback() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        try await Self.app(daemon).test(.router) { client in
            for action in ["repeat", "skip", "stop", "start"] {
                try await client.execute(uri: "/session/\(action)", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                         body: ByteBuffer(string: "kind=scale")) { response in
                    #expect(response.status == .forbidden)
                    #expect(String(buffer: response.body).contains("pairing"))
                }
            }
        }
        #expect(daemon.calls.isEmpty)
    }

    @Test("from loopback, each form is carried out as the daemon's method and leads to the next page")
    func actions() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        try await Self.app(daemon).test(.live) { client in
            for (action, next) in [("repeat", "/"), ("skip", "/"), ("stop", "/results")] {
                try await client.execute(uri: "/session/\(action)", method: .post, headers: form, body: ByteBuffer(string: "action=\(action)")) {
                    #expect($0.status == .seeOther)
                    #expect($0.headers[.location] == next)
                }
            }
            try await client.execute(uri: "/session/start", method: .post, headers: form,
                                     body: ByteBuffer(string: "kind=interval&root=C3&profile=ann")) {
                #expect($0.status == .seeOther)
            }
            try await client.execute(uri: "/session/start", method: .post, headers: form, body: ByteBuffer(string: "kind=viola")) {
                #expect($0.status == .badRequest)
                #expect(String(buffer: $0.body).contains("choose an exercise: scale, interval"))
            }
            daemon.reply(to: .sessionSkip, with: .failure(.refused(.noSession("session.skip"))))
            try await client.execute(uri: "/session/skip", method: .post, headers: form, body: ByteBuffer(string: "")) {
                #expect($0.status == .conflict)
                #expect(String(buffer: $0.body).contains("no session is running"))
            }
        }
        #expect(daemon.calls.map(\.method) == [.sessionRepeat, .sessionSkip, .sessionStop, .sessionStart, .sessionSkip])
        let start = try Wire.decode(SessionStartParams.self, from: daemon.calls[3].params)
        #expect(start.kind.rawValue == "interval" && start.profile == "ann" && start.exercise.values["root"] == .string("C3"))
    }

    @Test("a form posted from another site's page is refused (CSRF), even from loopback")
    func crossSite() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        try await Self.app(daemon).test(.live) { client in
            let headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .origin: "http://evil.example"]
            try await client.execute(uri: "/session/stop", method: .post, headers: headers, body: ByteBuffer(string: "")) {
                #expect($0.status == .forbidden)
            }
        }
        #expect(daemon.calls.isEmpty)
    }

    @Test("a form body over the limit is refused")
    func bodyLimit() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        try await Self.app(daemon).test(.live) { client in
            let body = ByteBuffer(string: "kind=scale&root=" + String(repeating: "C", count: 10_000))
            try await client.execute(uri: "/session/start", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: body) {
                #expect($0.status == .contentTooLarge)
            }
        }
        #expect(daemon.calls.isEmpty)
    }
}

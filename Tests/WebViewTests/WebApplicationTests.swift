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
/// server on loopback for what depends on the connection (loopback gets no right of its own) and
/// for the WebSocket.
@Suite struct WebApplicationTests {
    static let logger = Logger(label: "web-test", factory: { _ in SwiftLogNoOpLogHandler() })

    static func app(_ daemon: MemoryDaemon, browsers: PairedBrowsers = PairedBrowsers()) -> some ApplicationProtocol {
        buildApplication(configuration: WebConfiguration(browsers: browsers), daemon: daemon, logger: logger)
    }

    /// A form's headers, with `browser`'s cookie when given and `origin` when given.
    static func form(_ browser: PairedBrowser? = nil, origin: String? = nil) -> HTTPFields {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if let browser { headers[.cookie] = "\(RequestGate.cookieName)=\(browser.token)" }
        if let origin { headers[.origin] = origin }
        return headers
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
            daemon.reply(to: .sessionResults, with: .success(Wire.value(Fixtures.results)))
            try await client.execute(uri: "/results", method: .get) { response in
                #expect(String(buffer: response.body).contains("degree 3 → P4"))
            }
        }
    }

    @Test("GET /progress draws stats.get for the profile asked; a bad name or no statistics is said")
    func progress() async throws {
        let daemon = MemoryDaemon(status: Fixtures.idleStatus())
        let browsers = PairedBrowsers()
        let paired = Self.form(browsers.pair())
        try await Self.app(daemon, browsers: browsers).test(.router) { client in
            daemon.reply(to: .statsGet, with: .success(Wire.value(Fixtures.stats)))
            try await client.execute(uri: "/progress?profile=bea", method: .get, headers: paired) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("Progress of bea"))
                #expect(String(buffer: response.body).contains(#"class="picker""#))
            }
            try await client.execute(uri: "/progress", method: .get) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/progress?profile=%3Cx%3E", method: .get, headers: paired) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("No such profile"))
            }
            // Another profile: the default's answer is shared for a few seconds (BoundedDaemon).
            daemon.reply(to: .statsGet, with: .failure(.refused(.statisticsUnavailable("the disk is gone"))))
            try await client.execute(uri: "/progress?profile=cid", method: .get, headers: paired) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(String(buffer: response.body).contains("the disk is gone"))
            }
        }
        #expect(daemon.calls.map(\.params) == [.object(["profile": .string("bea")]), .object([:]), .object(["profile": .string("cid")])])
    }

    @Test("without a pairing, only the default profile's progress is shown, without the other names; another's is 403, from loopback too")
    func progressUnpaired() async throws {
        let daemon = MemoryDaemon(status: Fixtures.idleStatus())
        daemon.reply(to: .statsGet, with: .success(Wire.value(Fixtures.stats)))
        try await Self.app(daemon).test(.live) { client in
            try await client.execute(uri: "/progress?profile=bea", method: .get) { response in
                #expect(response.status == .forbidden)
                #expect(String(buffer: response.body).contains("eartrainctl web-pair"))
            }
            try await client.execute(uri: "/progress", method: .get) { response in
                #expect(response.status == .ok)
                let html = String(buffer: response.body)
                #expect(!html.contains(#"class="picker""#) && !html.contains("x&lt;y"))
            }
        }
        #expect(daemon.calls.map(\.params) == [.object([:])], "the refused profile never reached the daemon")
    }

    @Test("a control action without a pairing is refused (403), from another machine and from loopback alike")
    func refusedUnpaired() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        // The router's requests have no peer; the live server's come from 127.0.0.1, as a second
        // local account's curl would, which the daemon's socket refuses.
        for setup in [TestingSetup.router, .live] {
            try await Self.app(daemon).test(setup) { client in
                for action in ["repeat", "skip", "stop", "start"] {
                    try await client.execute(uri: "/session/\(action)", method: .post, headers: Self.form(), body: ByteBuffer(string: "kind=scale")) {
                        #expect($0.status == .forbidden)
                        #expect(String(buffer: $0.body).contains("eartrainctl web-pair"))
                    }
                }
                let page = String(buffer: try await client.execute(uri: "/", method: .get).body)
                #expect(!page.contains(#"action="/session/"#), "no forms for a visitor who may not control")
            }
        }
        #expect(daemon.calls.allSatisfy { $0.method == .status })
    }

    @Test("a paired browser's forms are carried out as the daemon's method and lead to the next page")
    func actions() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        let browsers = PairedBrowsers()
        let browser = browsers.pair()
        let form = Self.form(browser)
        try await Self.app(daemon, browsers: browsers).test(.live) { client in
            for (action, next) in [("repeat", "/"), ("skip", "/"), ("stop", "/results")] {
                try await client.execute(uri: "/session/\(action)", method: .post, headers: form, body: ByteBuffer(string: "csrf=\(browser.csrf)")) {
                    #expect($0.status == .seeOther)
                    #expect($0.headers[.location] == next)
                }
            }
            try await client.execute(uri: "/session/start", method: .post, headers: form,
                                     body: ByteBuffer(string: "kind=interval&root=C3&profile=ann&csrf=\(browser.csrf)")) {
                #expect($0.status == .seeOther)
            }
            try await client.execute(uri: "/session/start", method: .post, headers: form, body: ByteBuffer(string: "kind=viola&csrf=\(browser.csrf)")) {
                #expect($0.status == .badRequest)
                #expect(String(buffer: $0.body).contains("choose an exercise: scale, interval"))
            }
            daemon.reply(to: .sessionSkip, with: .failure(.refused(.noSession("session.skip"))))
            try await client.execute(uri: "/session/skip", method: .post, headers: form, body: ByteBuffer(string: "csrf=\(browser.csrf)")) {
                #expect($0.status == .conflict)
                #expect(String(buffer: $0.body).contains("no session is running"))
            }
        }
        #expect(daemon.calls.map(\.method) == [.sessionRepeat, .sessionSkip, .sessionStop, .sessionStart, .sessionSkip])
        let start = try Wire.decode(SessionStartParams.self, from: daemon.calls[3].params)
        #expect(start.kind.rawValue == "interval" && start.profile == "ann" && start.exercise.values["root"] == .string("C3"))
    }

    @Test("a paired browser's form posted from a page that is not one of this server's is refused (CSRF), whatever its Host")
    func crossSite() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        let browsers = PairedBrowsers()
        let browser = browsers.pair()
        try await Self.app(daemon, browsers: browsers).test(.live) { client in
            let port = try #require(client.port)
            // Another site; another program on this machine (another port); a rebound name on this port.
            for origin in ["http://evil.example", "http://localhost:\(port + 1)", "http://evil.example:\(port)", "null"] {
                try await client.execute(uri: "/session/stop", method: .post, headers: Self.form(browser, origin: origin),
                                         body: ByteBuffer(string: "csrf=\(browser.csrf)")) {
                    #expect($0.status == .forbidden, "Origin: \(origin)")
                }
            }
            #expect(daemon.calls.isEmpty)
            try await client.execute(uri: "/session/stop", method: .post, headers: Self.form(browser, origin: "http://127.0.0.1:\(port)"),
                                     body: ByteBuffer(string: "csrf=\(browser.csrf)")) {
                #expect($0.status == .seeOther, "this server's own page")
            }
        }
        #expect(daemon.calls.map(\.method) == [.sessionStop])
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

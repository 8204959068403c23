import ConfigFile
import ControlProtocol
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing
import Training
@testable import WebView

/// Pairing a browser from another machine, and what it then may do. The router tests have no
/// peer address, so every request comes from "another machine" (a stranger until paired).
@Suite struct PairingTests {
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    static func app(_ daemon: MemoryDaemon, _ configuration: WebConfiguration = WebConfiguration()) -> some ApplicationProtocol {
        buildApplication(configuration: configuration, daemon: daemon, logger: WebApplicationTests.logger)
    }

    /// The cookie's `name=value` from a `Set-Cookie`.
    static func cookiePair(_ setCookie: String?) -> String? {
        setCookie?.split(separator: ";").first.map(String.init)
    }

    /// The `csrf` token a page's forms carry.
    static func csrf(in html: String) -> String? {
        guard let range = html.range(of: #"name="csrf" value=""#) else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }

    @Test("a right code gives an HttpOnly, SameSite=Strict, expiring cookie; with it and the form's token, controls work")
    func pairs() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        try await Self.app(daemon).test(.router) { client in
            try await client.execute(uri: "/pair", method: .get) { response in
                #expect(String(buffer: response.body).contains(#"<form method="post" action="/pair""#))
            }
            let cookie = try await client.execute(uri: "/pair", method: .post, headers: Self.form, body: ByteBuffer(string: "code=123+456")) { response in
                #expect(response.status == .seeOther)
                let setCookie = response.headers[.setCookie] ?? ""
                #expect(setCookie.hasPrefix("eartrainer_pair=") && setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict"))
                #expect(setCookie.contains("Max-Age=2592000"))
                return Self.cookiePair(setCookie)
            }
            let paired: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .cookie: try #require(cookie)]
            let page = try await client.execute(uri: "/", method: .get, headers: paired) { String(buffer: $0.body) }
            let token = try #require(Self.csrf(in: page), "a paired browser's page has the forms, with its token")
            #expect(page.contains(#"action="/session/stop""#))
            try await client.execute(uri: "/session/stop", method: .post, headers: paired, body: ByteBuffer(string: "")) { response in
                #expect(response.status == .forbidden, "without the form's token")
            }
            try await client.execute(uri: "/session/stop", method: .post, headers: paired, body: ByteBuffer(string: "csrf=\(token)")) { response in
                #expect(response.status == .seeOther)
            }
        }
        let redeem = daemon.calls.first { $0.method == .pairingRedeem }
        #expect(redeem?.params == .object(["code": .string("123 456")]), "the code goes to the daemon to check")
        #expect(daemon.calls.filter { $0.method == .sessionStop }.count == 1)
    }

    @Test("a wrong code is refused with the daemon's reason, and sets no cookie")
    func wrongCode() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        daemon.reply(to: .pairingRedeem, with: .failure(.refused(.notPaired)))
        try await Self.app(daemon).test(.router) { client in
            try await client.execute(uri: "/pair", method: .post, headers: Self.form, body: ByteBuffer(string: "code=000000")) { response in
                #expect(response.status == .forbidden)
                #expect(response.headers[.setCookie] == nil)
                #expect(String(buffer: response.body).contains("wrong, used or expired"))
            }
            let forged: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .cookie: "eartrainer_pair=" + String(repeating: "a", count: 64)]
            try await client.execute(uri: "/session/stop", method: .post, headers: forged, body: ByteBuffer(string: "")) { response in
                #expect(response.status == .forbidden, "a cookie the web view did not give is no pairing")
            }
        }
        #expect(!daemon.calls.contains { $0.method == .sessionStop })
    }

    @Test("a pairing form over 1 KiB is refused (413) before the daemon hears of it")
    func pairingBodyLimit() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        try await Self.app(daemon).test(.router) { client in
            let body = ByteBuffer(string: "code=" + String(repeating: "1", count: 2000))
            try await client.execute(uri: "/pair", method: .post, headers: Self.form, body: body) {
                #expect($0.status == .contentTooLarge)
            }
        }
        #expect(!daemon.calls.contains { $0.method == .pairingRedeem })
    }

    @Test("pairing tries are limited per address: the sixth in a row is 429 and never reaches the daemon")
    func pairingTriesLimited() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        daemon.reply(to: .pairingRedeem, with: .failure(.refused(.notPaired)))
        // The shipped allowance on a clock that stands still: six tries are six in a row, however
        // long the machine takes over them.
        let clock = TestClock()
        let tries = WebConfiguration().pairingTries
        let configuration = WebConfiguration(pairingTries: RateLimiter(burst: Int(tries.burst), perSecond: tries.perSecond,
                                                                       now: { clock.now().timeIntervalSince1970 }))
        try await Self.app(daemon, configuration).test(.router) { client in
            for attempt in 1...6 {
                try await client.execute(uri: "/pair", method: .post, headers: Self.form, body: ByteBuffer(string: "code=00000\(attempt)")) { response in
                    #expect(response.status == (attempt <= 5 ? .forbidden : .tooManyRequests))
                    if attempt == 6 { #expect(response.headers[.retryAfter] != nil) }
                }
            }
        }
        #expect(daemon.calls.filter { $0.method == .pairingRedeem }.count == 5)
    }

    @Test("every request is rate limited per address (429 with Retry-After)")
    func requestsLimited() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        daemon.reply(to: .sessionResults, with: .success(Wire.value(Fixtures.results)))
        let clock = TestClock()
        let configuration = WebConfiguration(requests: RateLimiter(burst: 3, perSecond: 1, now: { clock.now().timeIntervalSince1970 }))
        try await Self.app(daemon, configuration).test(.router) { client in
            for request in 1...4 {
                try await client.execute(uri: "/results", method: .get) { response in
                    #expect(response.status == (request <= 3 ? .ok : .tooManyRequests))
                    if request == 4 { #expect(response.headers[.retryAfter] != nil) }
                }
            }
        }
    }

    @Test("with viewing = paired, another machine sees only the pairing page until paired")
    func viewingPaired() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        let browsers = PairedBrowsers()
        let browser = browsers.pair()
        try await Self.app(daemon, WebConfiguration(viewing: .paired, browsers: browsers)).test(.router) { client in
            for path in ["/", "/results", "/progress"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .unauthorized)
                    let html = String(buffer: response.body)
                    #expect(html.contains("Pair this browser") && !html.contains("D3 dorian"))
                }
            }
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "eartrainer_pair=\(browser.token)"]) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("D3 dorian"))
            }
        }
    }

    @Test("the live page renews an older pairing's cookie, so the phone opened daily stays paired")
    func renewsCookie() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        let clock = TestClock()
        let browsers = PairedBrowsers(now: clock.now)
        let browser = browsers.pair()
        try await Self.app(daemon, WebConfiguration(browsers: browsers)).test(.router) { client in
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "eartrainer_pair=\(browser.token)"]) {
                #expect($0.headers[.setCookie] == nil, "a fresh pairing is not renewed")
            }
            clock.advance(3 * 24 * 3600)
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "eartrainer_pair=\(browser.token)"]) {
                let cookie = $0.headers[.setCookie] ?? ""
                #expect(cookie.hasPrefix("eartrainer_pair=\(browser.token);") && cookie.contains("Max-Age=2592000") && cookie.contains("HttpOnly"))
            }
        }
    }

    @Test("forgetting a pairing clears the cookie and the browser is a stranger again")
    func forget() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        let browsers = PairedBrowsers()
        let browser = browsers.pair()
        try await Self.app(daemon, WebConfiguration(browsers: browsers)).test(.router) { client in
            let headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .cookie: "eartrainer_pair=\(browser.token)"]
            try await client.execute(uri: "/pair/forget", method: .post, headers: headers, body: ByteBuffer(string: "csrf=\(browser.csrf)")) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.setCookie]?.contains("Max-Age=0") == true)
            }
        }
        #expect(browsers.browser(token: browser.token) == nil)
    }
}

@Suite struct PairedBrowsersTests {
    @Test("a pairing expires after its lifetime")
    func expires() {
        let clock = TestClock()
        let browsers = PairedBrowsers(now: clock.now)
        let browser = browsers.pair()
        #expect(browser.token.count == 64 && browser.csrf.count == 64 && browser.token != browser.csrf)
        #expect(browsers.browser(token: browser.token) == browser)
        clock.advance(PairedBrowsers.lifetime + 1)
        #expect(browsers.browser(token: browser.token) == nil)
        #expect(browsers.browser(token: nil) == nil && browsers.browser(token: "") == nil)
    }

    @Test("a pairing in use is renewed once a day has passed, not on every visit")
    func renewed() {
        let clock = TestClock()
        let browsers = PairedBrowsers(now: clock.now)
        let browser = browsers.pair()
        #expect(browsers.renew(browser) == nil, "not within its first day")
        clock.advance(2 * 24 * 3600)
        let renewed = browsers.renew(browser)
        #expect(renewed?.expires == browser.expires.addingTimeInterval(2 * 24 * 3600))
        clock.advance(PairedBrowsers.lifetime - 3600)
        #expect(browsers.browser(token: browser.token) != nil, "the renewed pairing outlives the first expiry")
    }

    @Test("pairings survive a restart in their file, which only its owner can read; a garbled file pairs nobody")
    func file() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("paired-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let browser = PairedBrowsers(file: path).pair()
        #expect(PairedBrowsers(file: path).browser(token: browser.token) == browser)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        try Data("garbage\n\u{0}\u{1} x y\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(PairedBrowsers(file: path).browser(token: browser.token) == nil)
    }
}

@Suite struct RateLimiterTests {
    @Test("a burst, then one request per 1/rate seconds, per address")
    func bucket() {
        let clock = TestClock()
        let limiter = RateLimiter(burst: 2, perSecond: 1, now: { clock.now().timeIntervalSince1970 })
        #expect(limiter.allow("a") && limiter.allow("a") && !limiter.allow("a"))
        #expect(limiter.allow("b"), "another address has its own allowance")
        #expect(limiter.wait("a") == 1)
        clock.advance(1)
        #expect(limiter.allow("a") && !limiter.allow("a"))
    }

    @Test("the shipped pairing allowance against 5,000 loopback addresses in a row: five tries pass, the rest wait")
    func pairingFromLoopback() {
        let clock = TestClock()
        let shipped = WebConfiguration().pairingTries
        let tries = RateLimiter(burst: Int(shipped.burst), perSecond: shipped.perSecond, now: { clock.now().timeIntervalSince1970 })
        let allowed = (0..<5_000).filter { tries.allow("127.1.\($0 / 250).\($0 % 250 + 1)") }.count
        #expect(allowed == 5)
        #expect(tries.wait("127.0.0.1") == 12, "the next try in twelve seconds, for all of loopback")
    }

    @Test("a peer is all of loopback, or an IPv6 /64: their addresses share one allowance")
    func peers() {
        let clock = TestClock()
        let limiter = RateLimiter(burst: 2, perSecond: 1, now: { clock.now().timeIntervalSince1970 })
        #expect(limiter.allow("127.0.0.1") && limiter.allow("127.8.9.10") && !limiter.allow("::1"))
        #expect(limiter.allow("2001:db8:1:2::1") && limiter.allow("2001:db8:1:2::ffff") && !limiter.allow("2001:db8:1:2:aaaa::1"))
        #expect(limiter.allow("2001:db8:1:3::1"), "the next /64 is another peer")
        #expect(limiter.allow("192.0.2.1") && limiter.allow("192.0.2.2") && limiter.allow("192.0.2.2"), "IPv4 addresses each their own")
    }
}

@Suite struct FormFieldsTests {
    @Test("fields are decoded: + as space, %XX as bytes; a malformed escape drops the field")
    func decodes() {
        let form = FormFields("kind=scale&root=E%E2%99%AD3&profile=+ann+&x=%ZZ&empty=&kind=chord")
        #expect(form["kind"] == "scale", "the first value of a name counts")
        #expect(form["root"] == "E♭3")
        #expect(form.text("profile") == "ann")
        #expect(form["x"] == nil && form.text("empty") == nil && form["empty"] == "")
    }

    @Test("the start form reads each kind's options as its command line does")
    func startParams() throws {
        let scale = try StartForm.params(FormFields("kind=scale&mode=dorian&root=D3&random-root=on&tuning=just&reference=415&profile=ann"))
        #expect(scale.kind.rawValue == "scale" && scale.exercise.values["mode"] == .string("dorian"))
        #expect(scale.exercise.values["random_root"] == .bool(true) && scale.exercise.values["root"] == .string("D3"))
        #expect(scale.tuning?.rawValue == "just" && scale.reference == 415 && scale.profile == "ann")
        let interval = try StartForm.params(FormFields("kind=interval&intervals=m3%2CP5&tries=2"))
        #expect(interval.exercise.values["intervals"] == .array([.string("m3"), .string("P5")]))
        #expect(interval.exercise.values["tries"] == .number(2))
        #expect(throws: ExerciseParams.Refusal.self) { try StartForm.params(FormFields("kind=interval&tries=two")) }
        #expect(throws: ExerciseParams.Refusal.self) { try StartForm.params(FormFields("kind=scale&tuning=meantone")) }
    }
}

/// A wall clock the test moves.
final class TestClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    func now() -> Date { time.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
}

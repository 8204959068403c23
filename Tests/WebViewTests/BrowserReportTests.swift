import ControlProtocol
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebView

/// The paired browsers reported to the daemon, and revoked through it: what `eartrainctl
/// web-pair --list` and `--revoke` reach, with the in-memory daemon.
@Suite struct BrowserReportTests {
    private func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }

    @Test("a browser paired on /pair is reported with its browser's name; revoked by the daemon, its cookie no longer controls (403)")
    func reportedAndRevoked() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        let browsers = PairedBrowsers()
        try await PairingTests.app(daemon, WebConfiguration(browsers: browsers)).test(.router) { client in
            try await waitUntil { daemon.reportedBrowsers == [] }
            var headers = PairingTests.form
            headers[.userAgent] = "Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0"
            let cookie = try await client.execute(uri: "/pair", method: .post, headers: headers, body: ByteBuffer(string: "code=123456")) {
                PairingTests.cookiePair($0.headers[.setCookie])
            }
            try await waitUntil { daemon.reportedBrowsers?.count == 1 }
            let reported = try #require(daemon.reportedBrowsers?.first)
            #expect(reported.browser == "Firefox on Android" && reported.id.count == 8 && reported.pairedAt != nil)
            #expect(!(cookie ?? "").contains(reported.id), "the id is not the cookie's token")

            let paired: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .cookie: try #require(cookie)]
            let page = try await client.execute(uri: "/", method: .get, headers: paired) { String(buffer: $0.body) }
            let csrf = try #require(PairingTests.csrf(in: page))
            daemon.revoke([reported.id])
            try await waitUntil { daemon.reportedBrowsers == [] }
            try await client.execute(uri: "/session/stop", method: .post, headers: paired, body: ByteBuffer(string: "csrf=\(csrf)")) { response in
                #expect(response.status == .forbidden)
            }
        }
        #expect(!daemon.calls.contains { $0.method == .sessionStop })
    }

    @Test("a User-Agent is named by its browser and system", arguments: [
        ("Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0", "Firefox on Android"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1", "Safari on iPhone"),
        ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36", "Chrome on Linux"),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0", "Edge on Windows"),
        ("curl/8.5.0", "curl"),
        ("", ""),
    ])
    func browserName(_ userAgent: String, _ name: String) {
        #expect(BrowserName.summary(userAgent) == name)
    }
}

@Suite struct PairedBrowsersSeenTests {
    @Test("a request brings the last-seen time up to date once a minute, and at once from a new address")
    func seen() {
        let clock = TestClock()
        let browsers = PairedBrowsers(now: clock.now)
        let browser = browsers.pair(agent: "Safari on iPad", address: "192.0.2.7")
        #expect(browser.lastSeen == clock.now() && browser.pairedAt == clock.now())
        clock.advance(30)
        browsers.seen(token: browser.token, from: "192.0.2.7")
        #expect(browsers.browser(token: browser.token)?.lastSeen == browser.lastSeen, "within the minute")
        browsers.seen(token: browser.token, from: "192.0.2.8")
        #expect(browsers.browser(token: browser.token)?.lastSeen == clock.now())
        #expect(browsers.browser(token: browser.token)?.address == "192.0.2.8")
        clock.advance(60)
        browsers.seen(token: browser.token, from: nil)
        #expect(browsers.browser(token: browser.token)?.lastSeen == clock.now())
        #expect(browsers.browser(token: browser.token)?.address == "192.0.2.8", "no address leaves the last one")
    }

    @Test("the file keeps the id, times, address and browser; a line of the older three fields is read with a new id")
    func file() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("paired-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let browser = PairedBrowsers(file: path).pair(agent: "Firefox on Android", address: "fd00::7")
        #expect(PairedBrowsers(file: path).browser(token: browser.token) == browser)
        let old = String(repeating: "a", count: 64) + " " + String(repeating: "b", count: 64) + " 4000000000\n"
        try Data(old.utf8).write(to: URL(fileURLWithPath: path))
        let kept = try #require(PairedBrowsers(file: path).browser(token: String(repeating: "a", count: 64)))
        #expect(kept.id.count == 8 && kept.id.allSatisfy(\.isHexDigit) && kept.pairedAt == nil && kept.agent.isEmpty)
    }

    @Test("watchers hear the list now and after each change; forgetting by id unpairs")
    func summaries() async {
        let browsers = PairedBrowsers()
        var lists = browsers.summaries().makeAsyncIterator()
        #expect(await lists.next() == [])
        let browser = browsers.pair(agent: "Chrome on Linux")
        #expect(await lists.next() == [browser.summary])
        browsers.forget(ids: [browser.id])
        #expect(await lists.next() == [])
        #expect(browsers.browser(token: browser.token) == nil)
    }
}

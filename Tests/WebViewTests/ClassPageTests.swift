import ControlProtocol
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebView

/// The class page: what `class.status` says, and for a paired browser the form that joins a class
/// (or leaves it), carried out as `class.join` and `class.leave`.
@Suite struct ClassPageTests {
    static let joined = ClassStatusResult(joined: true, hub: "https://hub.school.example:8443", box: "b1", student: "s1", profile: "default",
                                          pushedThrough: 42, pending: 3, assignment: "Thirds and sixths")

    @Test("a paired browser joins with the hub's address and the code; the daemon gets them as class.join")
    func joins() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        daemon.reply(to: .classStatus, with: .success(Wire.value(ClassStatusResult(joined: false))))
        let browsers = PairedBrowsers()
        let browser = browsers.pair()
        let form = WebApplicationTests.form(browser)
        try await WebApplicationTests.app(daemon, browsers: browsers).test(.live) { client in
            let page = String(buffer: try await client.execute(uri: "/class", method: .get, headers: form).body)
            #expect(page.contains("This box is in no class.") && page.contains(#"action="/class/join""#))
            #expect(page.contains(#"<a href="/class" aria-current="page">Class</a>"#))
            let body = "url=https%3A%2F%2Fhub.school.example%3A8443&code=K7QF-93XD-M2XA-PW4R.9c1e&csrf=\(browser.csrf)"
            try await client.execute(uri: "/class/join", method: .post, headers: form, body: ByteBuffer(string: body)) {
                #expect($0.status == .seeOther)
                #expect($0.headers[.location] == "/class")
            }
            daemon.reply(to: .classJoin, with: .failure(.refused(.classRefused("the hub did not take the code: that code was used already"))))
            try await client.execute(uri: "/class/join", method: .post, headers: form, body: ByteBuffer(string: body)) {
                #expect($0.status == .conflict)
                #expect(String(buffer: $0.body).contains("that code was used already"))
            }
            try await client.execute(uri: "/class/join", method: .post, headers: form, body: ByteBuffer(string: "url=&csrf=\(browser.csrf)")) {
                #expect($0.status == .badRequest)
            }
        }
        let joins = daemon.calls.filter { $0.method == .classJoin }
        #expect(joins.count == 2)
        let params = try Wire.decode(ClassJoinParams.self, from: joins[0].params)
        #expect(params.url == "https://hub.school.example:8443" && params.code == "K7QF-93XD-M2XA-PW4R.9c1e")
    }

    @Test("in a class: the hub, what is pushed and pending, the teacher's plan; a paired browser may leave, a stranger may not")
    func inAClass() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        daemon.reply(to: .classStatus, with: .success(Wire.value(Self.joined)))
        let browsers = PairedBrowsers()
        let browser = browsers.pair()
        try await WebApplicationTests.app(daemon, browsers: browsers).test(.live) { client in
            let stranger = String(buffer: try await client.execute(uri: "/class", method: .get).body)
            #expect(stranger.contains("hub.school.example") && stranger.contains("up to answer 42; 3 pending"))
            #expect(stranger.contains("Thirds and sixths"))
            #expect(!stranger.contains("<form"), "no forms for a browser that is not paired")
            try await client.execute(uri: "/class/leave", method: .post, headers: WebApplicationTests.form(), body: ByteBuffer(string: "")) {
                #expect($0.status == .forbidden)
            }
            let paired = String(buffer: try await client.execute(uri: "/class", method: .get, headers: WebApplicationTests.form(browser)).body)
            #expect(paired.contains(#"action="/class/leave""#))
            try await client.execute(uri: "/class/leave", method: .post, headers: WebApplicationTests.form(browser),
                                     body: ByteBuffer(string: "csrf=\(browser.csrf)")) {
                #expect($0.status == .seeOther)
            }
        }
        #expect(daemon.calls.filter { $0.method == .classLeave }.count == 1)
    }

    @Test("the hub's address and error are text on the page, not markup")
    func escaped() {
        var status = Self.joined
        status.hub = "https://<script>.example"
        status.lastError = "<b>bad</b>"
        let page = ClassPage.html(status, csrf: nil)
        #expect(!page.contains("<script>") && !page.contains("<b>bad"))
    }
}

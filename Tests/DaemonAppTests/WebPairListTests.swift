import ControlProtocol
import DaemonTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebView

/// `eartrainctl web-pair --list` and `--revoke ID` against the real daemon and the real web
/// view: the web view reports the browser it paired to the daemon, `eartrainctl` (a process of
/// its own) lists and revokes it there, and the revocation reaches the web view.
@Suite("eartrainctl web-pair --list and --revoke", .daemon)
struct WebPairListTests {
    @Test("a browser paired through the web view is listed; revoked, its cookie no longer controls (403)", .timeLimit(.minutes(10)))
    func listAndRevoke() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        let socket = daemon.socketPath
        @Sendable func ctl(_ arguments: String...) async throws -> Eartrainctl.Output { try await Eartrainctl.run(arguments, socket: socket) }
        let none = try await ctl("web-pair", "--list")
        #expect(none.status == 0 && none.stdout.contains("No web view is connected"), "\(none)")
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3")]))
        guard case .string(let code)? = try await link.result("pairing.offer")["code"] else { Issue.record("no code"); return }
        try await WebViewDaemonTests.app(daemon).test(.router) { client in
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded",
                                    .userAgent: "Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0"]
            let cookie = try await client.execute(uri: "/pair", method: .post, headers: form, body: ByteBuffer(string: "code=\(code)")) {
                $0.headers[.setCookie]?.split(separator: ";").first.map(String.init)
            }
            let paired: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .cookie: try #require(cookie)]
            let page = String(buffer: try await client.execute(uri: "/", method: .get, headers: paired).body)
            let csrf = try #require(page.range(of: #"name="csrf" value=""#).map { String(page[$0.upperBound...].prefix { $0 != "\"" }) })

            var listed = try await ctl("web-pair", "--list")
            for _ in 0..<100 where !listed.stdout.contains("Firefox on Android") {
                try await Task.sleep(for: .milliseconds(50))
                listed = try await ctl("web-pair", "--list")
            }
            #expect(listed.status == 0 && listed.lines.first?.hasPrefix("ID") == true && listed.lines.count == 3, "\(listed)")
            let row = try #require(listed.lines.dropFirst().first { $0.hasSuffix("Firefox on Android") })
            let id = try #require(row.split(separator: " ").first.map(String.init))

            let unknown = try await ctl("web-pair", "--revoke", "00000000")
            #expect(unknown.status == 1 && unknown.stderr.contains("no paired browser '00000000'") && unknown.stderr.contains(id), "\(unknown)")
            let revoked = try await ctl("web-pair", "--revoke", id)
            #expect(revoked.status == 0 && revoked.stdout.contains("Revoked browser \(id) (Firefox on Android)"), "\(revoked)")
            await #expect(try ctl("web-pair", "--list").stdout.contains("No browser is paired"))

            // Within the request limit (60 at once, then 20 a second): a 429 is no answer.
            var stranger = false
            for _ in 0..<40 where !stranger {
                let response = try await client.execute(uri: "/", method: .get, headers: paired)
                stranger = response.status == .ok && !String(buffer: response.body).contains(#"name="csrf""#)
                if !stranger { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(stranger, "the web view forgot the revoked browser")
            try await client.execute(uri: "/session/stop", method: .post, headers: paired, body: ByteBuffer(string: "csrf=\(csrf)")) {
                #expect($0.status == .forbidden)
            }
        }
        let after = try await link.result("status")
        #expect(after["session"] != nil && after["session"] != .null, "the revoked browser stopped nothing")
        #expect(await daemon.stop())
    }
}

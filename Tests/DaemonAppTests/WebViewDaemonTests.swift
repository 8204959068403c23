import ClientViews
import ControlClient
import ControlProtocol
import DaemonTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import MusicTheory
import Synchronization
import Testing
import WebView

/// The web view against the real daemon, in process: `eartrainer-web`'s app reaches the
/// `TestDaemon` through socket pairs the daemon's server adopts, as it reaches the socket file.
@Suite("The web view against the daemon", .daemon)
struct WebViewDaemonTests {
    /// Opens connections to the test daemon for the web view's threads.
    struct Connector: @unchecked Sendable {
        let daemon: TestDaemon
        func connect() async throws -> ControlConnection { try await daemon.connect() }
    }

    static func app(_ daemon: TestDaemon) -> some ApplicationProtocol {
        let connector = Connector(daemon: daemon)
        return buildApplication(configuration: WebConfiguration(), daemon: SocketDaemon(connecting: { try await connector.connect() }),
                                logger: TestDaemon.logger)
    }

    /// Opens the live page's WebSocket on the web view over `daemon` and hands `panel` each
    /// panel it is sent (its `html`), until `panel` says it has seen enough (true).
    static func followLive(_ daemon: TestDaemon, _ panel: @escaping @Sendable (String) async throws -> Bool) async throws {
        try await app(daemon).test(.live) { client in
            var headers = HTTPFields()
            headers[.origin] = "http://localhost:\(client.port ?? 0)"
            try await client.ws("/live", configuration: .init(maxFrameSize: 1 << 20, additionalHeaders: headers)) { inbound, _, _ in
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case .text(let line) = message, let text = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))["html"]?.stringValue
                    else { continue }
                    if try await panel(text) { break }
                }
            }
        }
    }

    @Test("the page shows the scale session status describes: the exercise, the counts, the staff")
    func scalePage() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3"), "seed": .number(1)]))
        _ = try await link.result("notes.play", .object(["notes": .array(["D3", "E3", "G3"].map { .string($0) })]))
        try await Self.app(daemon).test(.router) { client in
            let page = String(buffer: try await client.execute(uri: "/", method: .get).body)
            #expect(page.contains("D3 dorian scale") && page.contains("W-H-W-W-W-H-W"))
            #expect(page.contains(#"<dd id="correct">2</dd>"#) && page.contains(#"<dd id="errors">1</dd>"#))
            #expect(page.contains(#"data-note="D3""#) && page.contains(#"data-note="E3""#))
            #expect(page.contains(#"<li class="wrong">G3"#))
        }
        _ = try await link.result("session.stop")
        try await Self.app(daemon).test(.router) { client in
            let results = String(buffer: try await client.execute(uri: "/results", method: .get).body)
            #expect(results.contains("<dt>correct</dt><dd>2</dd>") && results.contains("<h2>Per degree</h2>"))
            let progress = String(buffer: try await client.execute(uri: "/progress", method: .get).body)
            #expect(progress.contains("Progress of default") && progress.contains("<dt>answers</dt><dd>3</dd>"))
            #expect(progress.contains("<h3>scale</h3>") && progress.contains("degree 1: 100% of 1 answer"))
            #expect(!progress.contains(#"class="picker""#), "the profiles' names are for a paired browser")
            #expect(progress.contains("67% of 3 answers"))
        }
        #expect(await daemon.stop())
    }

    @Test("a sight-singing melody is on the page's staff and the watch screen's, every note, and in the question's words")
    func sightSingPage() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        _ = try await link.result("subscribe", .object(["topics": .array([.string("prompt")])]))
        var notifications: [RPCNotification] = []
        _ = try await link.result("session.start", .object(["kind": .string("sight-sing"), "root": .string("C"), "seed": .number(4)]),
                                  notifications: &notifications)
        let status = try await link.result("status", as: StatusResult.self)
        let staff = try #require(status.session?.staff?.notes)
        #expect(staff.count == 4 && staff.allSatisfy { $0.role == "root" }, "the melody shown: \(staff)")
        let melody = staff.map(\.note)
        try await Self.app(daemon).test(.router) { client in
            let page = String(buffer: try await client.execute(uri: "/", method: .get).body)
            for note in melody { #expect(page.contains(#"data-note="\#(note)""#), "\(note) on the page's staff") }
        }
        // `eartrainctl watch` as it follows: the session's status, then the prompt's event.
        var state = WatchState()
        state.apply(status: status.session)
        let prompt = try #require(notifications.first { $0.params["type"]?.stringValue == "prompt" })
        state.apply(try Wire.decode(EventReport.self, from: prompt.params))
        let lines = WatchScreen(width: 80, height: 24, colour: false).lines(state, elapsed: 1)
        #expect(lines.joined().filter { $0 == "●" }.count == 4, "four noteheads on the watch screen: \(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("in C ionian: sing " + melody.joined(separator: " ")) }, "\(lines.joined(separator: "\n"))")
    }

    @Test("an open interval question's answer is neither on the page nor on the socket; a judged key reaches the socket", .timeLimit(.minutes(10)))
    func intervalLive() async throws {
        let daemon = try await TestDaemon()
        // Used from the socket's handler while the test waits for it, never at the same time.
        let link = try await daemon.connect()
        _ = try await link.result("subscribe", .object(["topics": .array([.string("prompt")])]))
        var notifications: [RPCNotification] = []
        _ = try await link.result("session.start", .object([
            "kind": .string("interval"), "intervals": .array(["m3", "M3", "P5", "M6", "m7"].map { .string($0) }),
            "seed": .number(16), "strict": .bool(true),
        ]), notifications: &notifications)
        let answer = try ShownInterval.answer(notifications)
        let wrong = MIDINote(answer.midiNumber + 12)
        let names: @Sendable (String) -> Bool = { text in text.contains(answer.description) || text.contains(MIDINote(answer.midiNumber).spelled.description) }
        let messages = Mutex<[String]>([])
        try await Self.app(daemon).test(.router) { client in
            // The start form (hidden while a session runs) offers every root: not an answer.
            let page = String(buffer: try await client.execute(uri: "/", method: .get).body)
                .replacing(#/<section id="start"[\s\S]*?<\/section>/#, with: "")
            #expect(page.contains("question") && !names(page), "\(answer) is on the page")
        }
        try await Self.followLive(daemon) { text in
            let count = messages.withLock { $0.append(text); return $0.count }
            if count == 1 { _ = try await link.result("notes.play", .object(["notes": .array([.number(Double(wrong.rawValue))])])) }
            return text.contains(#"class="wrong""#)
        }
        let sent = messages.withLock { $0 }
        #expect(sent.count >= 2)
        #expect(sent.last?.contains(wrong.spelled.description) == true, "the wrong key is shown")
        #expect(!sent.contains(where: names), "\(answer) was sent while its question was open")
        #expect(await daemon.stop())
    }

    @Test("a browser on another machine pairs with the daemon's code, once, and may then stop the session", .timeLimit(.minutes(10)))
    func pairing() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3")]))
        guard case .string(let code)? = try await link.result("pairing.offer")["code"] else { Issue.record("no code"); return }
        let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        // The router's requests have no peer address: another machine, a stranger until paired.
        try await Self.app(daemon).test(.router) { client in
            try await client.execute(uri: "/session/stop", method: .post, headers: form, body: ByteBuffer(string: "")) {
                #expect($0.status == .forbidden, "no control before pairing")
            }
            try await client.execute(uri: "/pair", method: .post, headers: form, body: ByteBuffer(string: "code=999999x")) {
                #expect($0.status == .forbidden && $0.headers[.setCookie] == nil)
            }
            let cookie = try await client.execute(uri: "/pair", method: .post, headers: form, body: ByteBuffer(string: "code=\(code)")) {
                #expect($0.status == .seeOther)
                return $0.headers[.setCookie]?.split(separator: ";").first.map(String.init)
            }
            try await client.execute(uri: "/pair", method: .post, headers: form, body: ByteBuffer(string: "code=\(code)")) {
                #expect($0.status == .forbidden, "a code pairs once")
            }
            let paired: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .cookie: try #require(cookie)]
            let page = String(buffer: try await client.execute(uri: "/", method: .get, headers: paired).body)
            let csrf = try #require(page.range(of: #"name="csrf" value=""#).map { String(page[$0.upperBound...].prefix { $0 != "\"" }) })
            try await client.execute(uri: "/session/stop", method: .post, headers: paired, body: ByteBuffer(string: "csrf=\(csrf)")) {
                #expect($0.status == .seeOther && $0.headers[.location] == "/results")
            }
        }
        let after = try await link.result("status")
        #expect(after["session"] == nil || after["session"] == .null, "the paired browser stopped the session: \(after)")
        #expect(await daemon.stop())
    }
}

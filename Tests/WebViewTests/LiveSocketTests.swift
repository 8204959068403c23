import ControlProtocol
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import Synchronization
import Testing
@testable import WebView

/// `/live` on a live server: the panel for status, then one for each event the daemon sends.
@Suite struct LiveSocketTests {
    static func configuration(port: Int?, origin: String? = nil) -> WebSocketClientConfiguration {
        var headers = HTTPFields()
        headers[.origin] = origin ?? "http://localhost:\(port ?? 0)"
        return WebSocketClientConfiguration(maxFrameSize: 1 << 20, additionalHeaders: headers)
    }

    @Test("the socket sends the panel for status, then relays a judged note as it arrives", .timeLimit(.minutes(1)))
    func relaysAnEvent() async throws {
        let daemon = MemoryDaemon(status: Fixtures.intervalStatus())
        let received = Mutex<[LiveMessage]>([])
        let delays = Mutex<[Duration]>([])
        try await WebApplicationTests.app(daemon).test(.live) { client in
            try await client.ws("/live", configuration: Self.configuration(port: client.port)) { inbound, _, _ in
                var sent = ContinuousClock.now
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case .text(let text) = message else { continue }
                    let update = try JSONDecoder().decode(LiveMessage.self, from: Data(text.utf8))
                    received.withLock { $0.append(update) }
                    if received.withLock({ $0.count }) > 1 { delays.withLock { $0.append(ContinuousClock.now - sent) } }
                    if received.withLock({ $0.count }) == 4 { break }
                    sent = ContinuousClock.now
                    daemon.send(Fixtures.wrongIntervalTry(seq: 10 + received.withLock { $0.count }))
                }
            }
        }
        let messages = received.withLock { $0 }
        #expect(messages.count == 4)
        #expect(messages[0].running && messages[0].html.contains("major third up from C3"))
        #expect(messages[1].html.contains(#"<li class="wrong">D#3"#))
        #expect(messages[1].html.contains(#"<dd id="errors">2</dd>"#))
        #expect(messages[1].say == "D#3 wrong  try 2")
        #expect(messages.allSatisfy { !$0.html.contains("E3") }, "the answer is never sent")
        // Relaying from the daemon's event to the page's message, not counting the socket to the daemon.
        #expect(delays.withLock { $0 }.allSatisfy { $0 < .milliseconds(100) }, "\(delays.withLock { $0 })")
    }

    @Test("when the daemon goes away the socket says so and closes; the page connects again", .timeLimit(.minutes(1)))
    func daemonGoesAway() async throws {
        let daemon = MemoryDaemon(status: Fixtures.idleStatus())
        let texts = Mutex<[String]>([])
        try await WebApplicationTests.app(daemon).test(.live) { client in
            try await client.ws("/live", configuration: Self.configuration(port: client.port)) { inbound, _, _ in
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case .text(let text) = message else { continue }
                    texts.withLock { $0.append(text) }
                    if texts.withLock({ $0.count }) == 1 { daemon.goAway() }
                }
            }
        }
        let all = texts.withLock { $0 }
        #expect(all.count == 2)
        #expect(all.first?.contains("No session running") == true)
        #expect(all.last == LiveMessage.away)
        #expect(daemon.followerCount == 0)
    }

    @Test("a page of another site cannot open the socket")
    func otherOrigin() async throws {
        let daemon = MemoryDaemon(status: Fixtures.idleStatus())
        try await WebApplicationTests.app(daemon).test(.live) { client in
            await #expect(throws: (any Error).self) {
                try await client.ws("/live", configuration: Self.configuration(port: client.port, origin: "http://evil.example")) { _, _, _ in }
            }
        }
        #expect(daemon.followerCount == 0)
    }
}

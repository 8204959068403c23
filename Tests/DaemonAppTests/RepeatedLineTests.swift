import ControlProtocol
import DaemonTestSupport
import Foundation
import SocketTestSupport
import Testing

/// A client polling `status` sends the same line again and again, and the daemon keeps the last
/// line it read, its result's encoding and its response line. None of it may answer for a state
/// or an id that is no longer the one asked about.
@Suite("The same line again", .daemon)
struct RepeatedLineTests {
    private static let statusLine = #"{"jsonrpc":"2.0","id":7,"method":"status"}"#

    private static func reply(_ client: LineClient, _ line: String) async throws -> [String: Any] {
        client.sendLine(line)
        while let text = await client.readLine() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            if object["method"] == nil { return object }  // not the greeting or an event
        }
        Issue.record("the daemon closed the connection")
        return [:]
    }

    @Test("the same status line after a session starts and after a note is judged says what is true now")
    func sameLineFollowsTheState() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        let poller = try LineClient(path: daemon.socketPath)
        let before = try await Self.reply(poller, Self.statusLine)
        #expect(before["id"] as? Int == 7)
        #expect((before["result"] as? [String: Any])?["session"] == nil, "no session is running yet")

        _ = try await daemon.connect().result("session.start", .object(["kind": .string("scale"), "root": .string("C"), "mode": .string("ionian")]))
        let started = try #require((try await Self.reply(poller, Self.statusLine))["result"] as? [String: Any])
        let session = try #require(started["session"] as? [String: Any])
        #expect(session["correct"] as? Int == 0)

        _ = try await daemon.connect().result("notes.play", .object(["notes": .array([.number(36)])]))
        let played = try #require((try await Self.reply(poller, Self.statusLine))["result"] as? [String: Any])
        #expect((played["session"] as? [String: Any])?["correct"] as? Int == 1)
    }

    @Test("the same request with another id, or from another client, is answered with its own id")
    func ownIdEachTime() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        let first = try LineClient(path: daemon.socketPath)
        let second = try LineClient(path: daemon.socketPath)
        #expect(try await Self.reply(first, Self.statusLine)["id"] as? Int == 7)
        #expect(try await Self.reply(second, Self.statusLine)["id"] as? Int == 7)
        #expect(try await Self.reply(first, #"{"jsonrpc":"2.0","id":"eight","method":"status"}"#)["id"] as? String == "eight")
        #expect(try await Self.reply(first, Self.statusLine)["id"] as? Int == 7)
        let refused = try await Self.reply(second, #"{"jsonrpc":"2.0","id":7,"method":"statu"}"#)
        #expect((refused["error"] as? [String: Any])?["code"] as? Int == -32601)
    }
}

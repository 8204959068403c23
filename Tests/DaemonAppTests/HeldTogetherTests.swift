import ControlProtocol
import DaemonTestSupport
import Foundation
import Testing

/// `notes.play` can hold keys together: `"C3+E3+G3"` or an array of notes is one group, pressed
/// at one instant and released together, before the next group.
@Suite("Keys held together on the virtual keyboard", .daemon)
struct HeldTogetherTests {
    @Test("a group is written back as it was played, and each of its keys is judged")
    func groupsAreJudged() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "root": .string("C"), "mode": .string("ionian")]))
        var notifications: [RPCNotification] = []
        _ = try await link.result("subscribe", .object(["topics": .array([.string("answer")])]))
        let played = try await link.result("notes.play", .object(["notes": .array([
            .string("C2+D2"), .array([.number(40), .string("F2")]), .string("G2"),
        ])]), notifications: &notifications)
        #expect(played["played"] == .array([.string("C2+D2"), .string("E2+F2"), .string("G2")]))
        let judged = notifications.filter { $0.params["type"]?.stringValue == "note_judged" }
        #expect(judged.count == 5, "\(notifications)")
        let session = try #require(try await link.result("status")["session"])
        #expect(session["correct"]?.numberValue == 5)
    }

    @Test("a group that is empty, too big, or holds something else is refused with a message, and nothing is played",
          arguments: [
            JSONValue.string("C3+"), .string("+E3"), .array([]), .array(Array(repeating: .number(60), count: 17)),
            .array([.array([.number(60)])]), .array([.bool(true)]), .string("C3+H3"),
          ])
    func badGroups(group: JSONValue) async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "root": .string("C"), "mode": .string("ionian")]))
        let response = try await link.call("notes.play", params: .object(["notes": .array([.string("C2"), group])]))
        let error = try #require(response.error, "\(group) was accepted")
        #expect(error.code == -32602)
        #expect(error.message.contains("notes") || error.message.contains("H3"), "\(error.message)")
        #expect(try await link.result("status")["session"]?["correct"]?.numberValue == 0, "the valid C2 before it was not played either")
    }
}

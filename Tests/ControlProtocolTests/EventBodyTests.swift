import ControlProtocol
import Foundation
import Testing

/// An event's details are decoded once, as its type's message: every event docs/protocol.md shows
/// (as the daemon wrote them) decodes to its message, so no client reads their keys by hand.
@Suite("Event bodies")
struct EventBodyTests {
    struct Notification: Decodable {
        var params: EventReport
    }

    static func documentedEvents() throws -> [EventReport] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/protocol.md"), encoding: .utf8)
        return try text.split(separator: "\n").filter { $0.hasPrefix("{") && $0.contains(#""method":"event""#) }.map { line in
            try JSONDecoder().decode(Notification.self, from: Data(line.utf8)).params
        }
    }

    @Test("every event docs/protocol.md shows decodes to its type's message, none unknown")
    func documented() throws {
        let events = try Self.documentedEvents()
        #expect(!events.isEmpty, "docs/protocol.md shows events")
        let unknown = events.filter { $0.body == .unknown }.map { "\($0.type) \($0.seq)" }
        #expect(unknown.isEmpty, "events whose details are not their message: \(unknown)")
        for event in events {
            switch (event.type, event.body) {
            case ("note_judged", .noteJudged(let judged)): #expect(judged.played == event.details["played"]?.stringValue)
            case ("prompt", .prompt(let prompt)): #expect(prompt.number == Int(event.details["number"]?.numberValue ?? -1))
            case ("session_started", .sessionStarted), ("session_ended", .sessionEnded), ("round_complete", .roundComplete),
                 ("answer_revealed", .answerRevealed), ("device", .device): break
            default: Issue.record("\(event.type) decoded as \(event.body)")
            }
        }
    }

    @Test("a type no client knows, or details without its message's shape, is unknown")
    func unknown() {
        let odd = EventReport(seq: 1, type: "tempo_changed", topic: .session, sessionSeconds: 0, text: "", details: .object([:]))
        #expect(odd.body == .unknown)
        let torn = EventReport(seq: 2, type: "note_judged", topic: .answer, sessionSeconds: 0, text: "", details: .object(["played": .string("C3")]))
        #expect(torn.body == .unknown)
    }
}

import ControlProtocol
import DaemonTestSupport
import Foundation
import Testing

/// Whole sessions in raw JSON lines and through eartrainctl, against the built daemon.
@Suite("Daemon sessions", .daemon)
struct SessionTests {
    @Test("a whole D dorian scale with wrong notes, in raw JSON lines; results over the socket and on stdout")
    func scaleSession() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        let hello = try #require(link.hello)
        #expect(hello.version == ProtocolInfo.version && hello.protocol == ProtocolInfo.name && hello.methods.contains("session.start"))
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3")]))
        let played = ["D3", "E3", "Eb3", "F3", "G3", "A3", "C4", "B3", "C4", "D4"]
        _ = try await link.result("notes.play", .object(["notes": .array(played.map { .string($0) })]))
        let status = try await link.result("status")
        #expect(status["session"]?["correct"]?.numberValue == 8)
        #expect(status["session"]?["errors"]?.numberValue == 2)
        let results = try await link.result("session.stop", as: ResultsReport.self)
        #expect(results.correct == 8)
        #expect(results.errors == 2)
        #expect(results.roundsCompleted == 1)
        #expect(results.errorRate == 0.2)
        await Polling.wait { daemon.stdout.contains("session ended") }
        let lines = daemon.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix("D dorian  Eb3 ✗  expected F  2/8") })
        #expect(lines.contains { $0.hasSuffix("D dorian  D4 ✓  8/8") })
        #expect(lines.contains { $0.contains("session ended: 8 correct, 2 errors, error rate 20.0%") })
    }

    @Test("a seeded interval session through notes.play: a wrong try, then the answer, five times")
    func intervalSession() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        var notifications: [RPCNotification] = []
        _ = try await link.result("subscribe", .object(["topics": .array([.string("prompt")])]))
        _ = try await link.result("session.start", .object([
            "kind": .string("interval"), "root": .string("C3"), "intervals": .array(["m3", "P5", "M6"].map { .string($0) }),
            "seed": .number(11), "strict": .bool(true),
        ]), notifications: &notifications)
        for _ in 0..<5 {
            let answer = Double(try ShownInterval.answer(notifications).midiNumber)
            notifications = []
            _ = try await link.result("notes.play", .object(["notes": .array([.number(answer + 1), .number(answer)])]), notifications: &notifications)
        }
        let results = try await link.result("session.stop", as: ResultsReport.self)
        #expect(results.correct == 5)
        #expect(results.errors == 5)
        #expect(results.questionsFinished == 5)
    }

    @Test("every event of a session decodes to its type's message (EventBody), none unknown: start, a wrong try, a skip, a right answer, the end")
    func everyEventTyped() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        var notifications: [RPCNotification] = []
        _ = try await link.result("subscribe", .object(["topics": .array(["session", "prompt", "answer"].map(JSONValue.string))]))
        _ = try await link.result("session.start", .object([
            "kind": .string("interval"), "root": .string("C3"), "intervals": .array([.string("P5")]), "seed": .number(3),
        ]), notifications: &notifications)
        _ = try await link.result("notes.play", .object(["notes": .array([.number(49)])]), notifications: &notifications)
        _ = try await link.result("session.skip", notifications: &notifications)
        let answer = Double(try ShownInterval.answer(notifications).midiNumber)
        _ = try await link.result("notes.play", .object(["notes": .array([.number(answer)])]), notifications: &notifications)
        _ = try await link.result("session.stop", notifications: &notifications)
        let events = notifications.filter { $0.method == "event" }.compactMap { try? Wire.decode(EventReport.self, from: $0.params) }
        #expect(Set(events.map(\.type)) == ["session_started", "prompt", "note_judged", "answer_revealed", "session_ended"], "\(events.map(\.type))")
        #expect(events.filter { $0.body == .unknown }.map(\.type) == [])
    }

    @Test("the same through eartrainctl: start, play, status --json, stop")
    func throughTheClient() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        _ = try await daemon.connect()
        func run(_ arguments: [String]) async throws -> Eartrainctl.Output {
            try await Eartrainctl.run(arguments, socket: daemon.socketPath)
        }
        await #expect(try run(["start", "scale", "F", "lydian"]).status == 0, "the root and the mode as words")
        let played = try await run(["play", "F2", "G2", "A2", "Bb2"])
        #expect(played.status == 0)
        #expect(played.stdout.contains("F lydian  Bb2 ✗  expected B  3/8"), "\(played)")
        let status = try await run(["status", "--json"])
        let session = try #require(jsonObject(status.stdout)?["session"] as? [String: Any])
        #expect(session["correct"] as? Int == 3)
        #expect(session["errors"] as? Int == 1)
        #expect(session["mode"] as? String == "lydian")
        let stopped = try await run(["stop"])
        #expect(stopped.status == 0)
        #expect(stopped.stdout.contains("results: 3 correct, 1 error"), "\(stopped)")
        let skipped = try await run(["skip"])
        #expect(skipped.status == 1)
        #expect(skipped.stderr.contains("no session is running"), "\(skipped)")
    }
}

import ControlClient
import ControlProtocol
import DaemonTestSupport
import Foundation
import MusicTheory
import Testing

/// `eartrainctl start interval` with its options, and `repeat` / `skip` with a session running,
/// through the client and over the socket; a subscribed connection hears what each one does.
@Suite("eartrainctl interval sessions, repeat and skip", .daemon)
struct IntervalCommandTests {
    /// The events `watcher` has been sent since it last asked (a request through the service
    /// group is answered after every event before it).
    private static func heard(_ watcher: ControlConnection) async throws -> [RPCNotification] {
        var notifications: [RPCNotification] = []
        _ = try await watcher.result("config.get", notifications: &notifications)
        return notifications.filter { $0.method == "event" }
    }

    private static func type(_ notification: RPCNotification) -> String? { notification.params["type"]?.stringValue }

    /// Checks a prompt asks a descending interval, one of `intervals`, without naming its answer;
    /// returns that answer as the student works it out (the asked interval below the root).
    @discardableResult
    private static func checkDescending(_ prompt: RPCNotification, intervals: [String]) throws -> SpelledNote {
        let question = try #require(prompt.params["details"]?["question"])
        #expect(question["direction"]?.stringValue == "descending")
        let name = try #require(question["interval"]?.stringValue)
        #expect(intervals.contains(name), "\(name) is not among \(intervals)")
        #expect(question["answer"] == nil, "an open question names its answer: \(question)")
        let root = try SpelledNote(parsing: try #require(question["root"]?.stringValue)).midiNumber
        let answer = try ShownInterval.answer(question)
        #expect(answer.midiNumber == root - (try SpelledInterval(parsing: name)).semitones, "\(question)")
        return answer
    }

    /// Checks a reveal gives `answer` as the one answer: the note the prompt's interval below its root names.
    private static func checkRevealed(_ revealed: RPCNotification, _ answer: SpelledNote) {
        guard case .array(let answers) = revealed.params["details"]?["answers"], answers.count == 1 else {
            Issue.record("not one answer: \(revealed)")
            return
        }
        #expect(answers[0]["note"]?.stringValue == answer.description, "\(revealed)")
        #expect(answers[0]["midi"]?.numberValue == Double(answer.midiNumber), "\(revealed)")
    }

    @Test("start interval --intervals --extended --descending: status shows the set and the direction; repeat and skip work")
    func flagsRepeatAndSkip() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        let watcher = try await daemon.connect()
        _ = try await watcher.result("subscribe", .object(["topics": .array([.string("prompt"), .string("answer")])]))

        let started = try await daemon.ctl("start", "interval", "--root", "C4", "--intervals", "m3,P5", "--extended", "--descending", "--seed", "3")
        #expect(started.status == 0, "\(started)")
        let expected = ["m3", "P5", "P8", "m9", "M9", "P11", "A11", "m13", "M13"]
        #expect(started.lines.first?.hasPrefix("session: intervals \(expected.joined(separator: " ")) descending from C4") == true, "\(started)")
        let status = try await daemon.ctl("status", "--json")
        let session = try #require(jsonObject(status.stdout)?["session"] as? [String: Any], "\(status)")
        #expect(session["kind"] as? String == "interval")
        #expect(session["intervals"] as? [String] == expected)
        #expect(session["direction"] as? String == "descending")
        #expect(session["root"] as? String == "C4")

        let first = try await #require(try Self.heard(watcher).last { Self.type($0) == "prompt" })
        let firstAnswer = try Self.checkDescending(first, intervals: expected)

        // repeat: the same question again, marked as a repeat; nothing judged.
        let repeated = try await daemon.ctl("repeat")
        #expect(repeated.status == 0, "\(repeated)")
        #expect(repeated.stdout == "repeated\n")
        let again = try await Self.heard(watcher)
        #expect(again.map(Self.type) == ["prompt"], "\(again)")
        #expect(again.first?.params["details"]?["repeat"] == .bool(true))
        #expect(again.first?.params["details"]?["question"] == first.params["details"]?["question"])

        // skip: that question's answer is shown, a new question comes.
        let skipped = try await daemon.ctl("skip")
        #expect(skipped.status == 0, "\(skipped)")
        #expect(skipped.stdout == "skipped\n")
        let afterSkip = try await Self.heard(watcher)
        #expect(afterSkip.map(Self.type) == ["answer_revealed", "prompt"], "\(afterSkip)")
        let revealed = try #require(afterSkip.first)
        #expect(revealed.params["details"]?["reason"]?.stringValue == "skipped")
        Self.checkRevealed(revealed, firstAnswer)
        let second = try #require(afterSkip.last)
        #expect(second.params["details"]?["repeat"] == .bool(false))
        let secondAnswer = try Self.checkDescending(second, intervals: expected)

        // The same over the socket: each reply comes after the events it caused.
        let driver = try await daemon.connect()
        _ = try await driver.result("subscribe", .object(["topics": .array([.string("prompt"), .string("answer")])]))
        var events: [RPCNotification] = []
        #expect(try await driver.result("session.repeat", notifications: &events) == .object(["repeated": .bool(true)]))
        #expect(events.map(Self.type) == ["prompt"])
        #expect(events.first?.params["details"]?["question"] == second.params["details"]?["question"])
        events = []
        #expect(try await driver.result("session.skip", notifications: &events) == .object(["skipped": .bool(true)]))
        #expect(events.map(Self.type) == ["answer_revealed", "prompt"])
        Self.checkRevealed(try #require(events.first), secondAnswer)
        try Self.checkDescending(try #require(events.last), intervals: expected)

        // Skips judge nothing; the daemon's stdout says what happened.
        let statusText = try await daemon.ctl("status", "--json").stdout
        let after = try #require(jsonObject(statusText)?["session"] as? [String: Any])
        #expect(after["correct"] as? Int == 0)
        #expect(after["errors"] as? Int == 0)
        let stopped = try await daemon.ctl("stop", "--json").stdout
        let results = try #require(jsonObject(stopped))
        #expect(results["skipped"] as? Int == 2)
        #expect(results["revealed"] as? Int == 0)
        await Polling.wait { daemon.stdout.contains("session ended") }
        #expect(daemon.stdout.components(separatedBy: "(again)").count - 1 == 2, "\(daemon.stdout)")
        #expect(daemon.stdout.components(separatedBy: "(skipped)").count - 1 == 2, "\(daemon.stdout)")
    }
}

import ControlProtocol
import Daemon
import DaemonTestSupport
import Foundation
import MusicTheory
import Testing

/// While an interval question is open, nothing the daemon sends or prints names the note that
/// answers it: not the events (every topic), not `status` or the `session.start` reply, not the
/// stdout lines. The test works the answer out from what the prompt shows, as a student does.
@Suite("No give-away while an interval question is open", .daemon)
struct GiveAwayTests {
    /// Whether `text` names `note`: its spelled name, the played key's name (C#3 played is
    /// "Db3"), or its MIDI number as a `"midi"` member.
    private static func names(_ text: String, _ note: SpelledNote) -> Bool {
        text.contains(note.description) || text.contains(MIDINote(note.midiNumber).spelled.description)
            || text.firstMatch(of: midiMember(note.midiNumber)) != nil
    }

    private static func midiMember(_ number: Int) -> Regex<Substring> {
        try! Regex(#""midi"\s*:\s*"# + "\(number)" + #"(?:\.0+)?(?![0-9])"#)
    }

    private static func text(_ notifications: [RPCNotification]) throws -> String {
        try notifications.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }.joined(separator: "\n")
    }

    private static func text(_ value: JSONValue) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    @Test("events, status, the session.start reply and stdout never name an open interval question's answer; answering or a skip does",
          arguments: StdoutReporter.Format.allCases)
    func intervalAnswerIsNotGivenAway(format: StdoutReporter.Format) async throws {
        let daemon = try await TestDaemon(stdoutFormat: format)
        let link = try await daemon.connect()
        _ = try await link.result("subscribe", .object(["topics": .array(Topic.allCases.map { .string($0.rawValue) })]))
        var notifications: [RPCNotification] = []
        var printed = daemon.stdout.count
        // Strict: a try an octave off is wrong, and must not be drawn or named as the answer.
        let started = try await link.result("session.start", .object([
            "kind": .string("interval"), "intervals": .array(["m3", "M3", "P5", "M6", "m7"].map { .string($0) }),
            "seed": .number(16), "strict": .bool(true),
        ]), notifications: &notifications)
        var seen = [try Self.text(started)]
        for number in 0..<6 {
            let answer = try ShownInterval.answer(notifications)
            let wrong = MIDINote(answer.midiNumber + (answer.midiNumber < 100 ? 12 : -12))
            // From the prompt on: what came before it closed the last question.
            let prompt = try #require(notifications.lastIndex { $0.params["type"]?.stringValue == "prompt" })
            seen.append(try Self.text(Array(notifications[prompt...])))
            seen.append(try Self.text(try await link.result("status")))
            notifications = []
            _ = try await link.result("notes.play", .object(["notes": .array([.number(Double(wrong.rawValue))])]), notifications: &notifications)
            #expect(notifications.contains { $0.params["type"]?.stringValue == "note_judged" && $0.params["details"]?["correct"] == .bool(false) },
                    "\(notifications)")
            seen.append(try Self.text(notifications))
            seen.append(try Self.text(try await link.result("status")))
            #expect(await Polling.wait { String(daemon.stdout.dropFirst(printed)).contains(wrong.spelled.description) }, "\(daemon.stdout)")
            seen.append(String(daemon.stdout.dropFirst(printed)))
            for text in seen {
                #expect(!Self.names(text, answer), "question \(number) open, its answer \(answer) named: \(text)")
            }

            // Answered (or skipped), the answer is named: the check above can see it.
            notifications = []
            printed = daemon.stdout.count
            if number.isMultiple(of: 2) {
                _ = try await link.result("notes.play", .object(["notes": .array([.number(Double(answer.midiNumber))])]), notifications: &notifications)
            } else {
                _ = try await link.result("session.skip", notifications: &notifications)
            }
            let closing = notifications.filter { $0.params["type"]?.stringValue != "prompt" }
            #expect(Self.names(try Self.text(closing), answer), "\(closing)")
            #expect(await Polling.wait { Self.names(String(daemon.stdout.dropFirst(printed)), answer) }, "\(daemon.stdout)")
            // The next question's lines start after the one that named this answer.
            let all = daemon.stdout
            if let named = all.range(of: answer.description, options: .backwards), let end = all[named.upperBound...].firstIndex(of: "\n") {
                printed = all.distance(from: all.startIndex, to: end) + 1
            }
            seen = []
        }
        _ = try await link.result("session.stop")
    }

    @Test("stats.get and stats.export name no open question: a wrong try is stored at once and read once the question closes")
    func statisticsWaitForTheQuestionToClose() async throws {
        let intervals = JSONValue.array(["m3", "M3", "P5", "M6", "m7"].map { .string($0) })
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        _ = try await link.result("subscribe", .object(["topics": .array([.string("prompt")])]))
        var prompts: [RPCNotification] = []
        let start = JSONValue.object(["kind": .string("interval"), "intervals": intervals, "seed": .number(16), "strict": .bool(true)])
        _ = try await link.result("session.start", start, notifications: &prompts)
        let answer = try ShownInterval.answer(prompts)
        // notes.play replies once its answers are committed (docs/protocol.md).
        _ = try await link.result("notes.play", .object(["notes": .array([.number(Double(answer.midiNumber + 1))])]))
        let stats = { try await link.result("stats.get", as: StatsGetResult.self).figures }
        let figures = { Wire.value(try await stats()) }
        let exported = { try await link.result("stats.export", .object(["format": .string("json")])) }
        let whileOpen = try await Self.text(figures()) + (try await Self.text(exported()))
        #expect(!Self.names(whileOpen, answer), "an open question's answer \(answer) in the statistics: \(whileOpen)")
        let openFigures = try await stats()
        #expect(openFigures.byInterval.isEmpty && openFigures.byItem.isEmpty, "nothing names its interval")
        #expect(try await exported()["answers"] == .number(0))

        _ = try await link.result("session.skip")  // the question closes
        #expect(await Polling.wait(seconds: 5) { (try? await exported()["answers"]) == .number(1) }, "the try is read once the question closed")
        #expect(Self.names(try await Self.text(exported()), answer), "and names it then")
        #expect(try await !stats().byInterval.isEmpty)
    }
}

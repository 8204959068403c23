import ControlProtocol
import DaemonTestSupport
import Foundation
import Testing

/// `eartrainctl results` against a live daemon: the last finished session's results screen and
/// its JSON, checked against a tally the test keeps of what it played.
@Suite("eartrainctl results", .daemon)
struct ResultsCommandTests {
    /// One row of the breakdown, as the test counts it while playing.
    struct Row: Equatable, CustomStringConvertible {
        var asked = 0, correct = 0, firstTry = 0, errors = 0, revealed = 0

        var description: String { "asked \(asked) correct \(correct) first \(firstTry) errors \(errors) revealed \(revealed)" }

        /// A row of `results --json`'s breakdown.
        init(report row: ResultsReport.Row) {
            (asked, correct, firstTry, errors, revealed) = (row.asked, row.correct, row.correctFirstTry, row.errors, row.revealed)
        }

        /// A row of the text screen: `m3   2   1   1   1   0   0.02s  ████░░░░`.
        init?(text: [Substring]) {
            let numbers = text.dropFirst().prefix(5).compactMap { Int($0) }
            guard numbers.count == 5 else { return nil }
            (asked, correct, firstTry, errors, revealed) = (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4])
        }

        init() {}
    }

    /// The tally the results should show.
    struct Tally {
        var rows: [String: Row] = [:]
        var correct = 0, errors = 0, revealed = 0, skipped = 0, finished = 0
    }

    /// The interval and answer (MIDI) of the latest prompt among `notifications`.
    private static func question(_ notifications: [RPCNotification]) throws -> (interval: String, answer: Double) {
        let prompt = try #require(notifications.last { $0.params["type"]?.stringValue == "prompt" })
        let question = prompt.params["details"]?["question"]
        return (try #require(question?["interval"]?.stringValue), Double(try ShownInterval.answer(question).midiNumber))
    }

    @Test("after an interval session and stop: the headline figures and the per-interval rows, as text and as JSON")
    func intervalResults() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        let link = try await daemon.connect()
        let none = try await daemon.ctl("results")
        #expect(none.status == 1, "\(none)")
        #expect(none.stderr.contains("no session has finished yet"), "\(none)")

        _ = try await link.result("subscribe", .object(["topics": .array([.string("prompt")])]))
        var notifications: [RPCNotification] = []
        _ = try await link.result("session.start", .object([
            "kind": .string("interval"), "root": .string("C3"), "intervals": .array(["m3", "P5", "M6"].map { .string($0) }),
            "seed": .number(5), "strict": .bool(true), "tries": .number(2),
        ]), notifications: &notifications)
        // Questions in turn: right at once; right after one wrong try; two wrong tries, so the
        // answer is revealed. The seventh is skipped; the eighth is still open at the stop.
        var tally = Tally()
        for number in 0..<7 {
            let (interval, answer) = try Self.question(notifications)
            tally.rows[interval, default: Row()].asked += 1
            notifications = []
            if number == 6 {
                _ = try await link.result("session.skip", notifications: &notifications)
                tally.rows[interval]!.revealed += 1
                tally.skipped += 1
                continue
            }
            let wrongTries = number % 3
            let notes = (0..<wrongTries).map { answer + Double($0 + 1) } + (wrongTries < 2 ? [answer] : [])
            _ = try await link.result("notes.play", .object(["notes": .array(notes.map { .number($0) })]), notifications: &notifications)
            tally.errors += wrongTries
            tally.rows[interval]!.errors += wrongTries
            tally.finished += 1
            if wrongTries < 2 {
                tally.correct += 1
                tally.rows[interval]!.correct += 1
                if wrongTries == 0 { tally.rows[interval]!.firstTry += 1 }
            } else {
                tally.revealed += 1
                tally.rows[interval]!.revealed += 1
            }
        }
        tally.rows[try Self.question(notifications).interval, default: Row()].asked += 1

        let stopped = try await daemon.ctl("stop", "--json")
        #expect(stopped.status == 0, "\(stopped)")
        let json = try await daemon.ctl("results", "--json")
        #expect(json.status == 0, "\(json)")
        #expect(json.stdout == stopped.stdout, "results --json is not what stop reported")
        let results = try JSONDecoder().decode(ResultsReport.self, from: Data(json.stdout.utf8))
        #expect(results.correct == tally.correct)
        #expect(results.errors == tally.errors)
        #expect(results.revealed == tally.revealed)
        #expect(results.skipped == tally.skipped)
        #expect(results.questionsFinished == tally.finished)
        let rate = Double(tally.errors) / Double(tally.correct + tally.errors)
        #expect(abs(results.errorRate - rate) < 1e-9)
        var jsonRows: [String: Row] = [:]
        for row in results.breakdown {
            jsonRows[row.subject] = Row(report: row)
            // A response time is averaged over the right answers, so only rows with one have it.
            #expect((row.averageResponseSeconds != nil) == (row.correct > 0), "\(row.subject)")
        }
        #expect(jsonRows == tally.rows)

        let text = try await daemon.ctl("results")
        #expect(text.status == 0, "\(text)")
        let lines = text.lines
        #expect(lines.first == "results: \(tally.correct) correct, \(tally.errors) errors", "\(text)")
        #expect(lines.contains { $0.contains(String(format: "error rate %.1f%%", rate * 100)) }, "\(text)")
        #expect(lines.contains("revealed \(tally.revealed)   skipped \(tally.skipped)"), "\(text)")
        #expect(lines.contains { $0.hasPrefix("per interval") }, "\(text)")
        var textRows: [String: Row] = [:]
        for subject in tally.rows.keys {
            let line = try #require(lines.first { $0.split(separator: " ").first.map(String.init) == subject }, "no row for \(subject): \(text)")
            textRows[subject] = Row(text: line.split(separator: " "))
        }
        #expect(textRows == tally.rows, "\(text)")

        // The next session, running or finished, leaves the last one's results in place until it ends.
        let next = try await daemon.ctl("start", "scale", "--root", "D")
        #expect(next.status == 0, "\(next)")
        let meanwhile = try await daemon.ctl("results", "--json")
        #expect(meanwhile.status == 0, "\(meanwhile)")
        #expect(meanwhile.stdout == stopped.stdout, "a new session hid the last one's results: \(meanwhile)")
    }
}

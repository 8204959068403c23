import ClientViews
import ControlClient
import ControlProtocol
import DaemonTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import Training

/// The answer drawings against the real daemon: a rhythm played back with `eartrainctl play`'s
/// timed onsets, its second onset 150 ms late; the web page and `watch` (in tmux) mark exactly
/// that onset late once the question is over, and show nothing of the pattern while it is open.
@Suite("Answer drawings against the daemon", .daemon, .serialized)
struct AnswerDrawingDaemonTests {
    /// One bar of 4/4 at 120 BPM with eighths, three tries: the first try's judgement tells the test
    /// where the onsets are due (as a student hears them), the notes after it are a second wrong
    /// try, and the third is played with its second onset 150 ms late, which uses up the tries and
    /// shows the pattern.
    static let start: JSONValue = .object([
        "kind": .string("rhythm"), "root": .string("C3"), "tempo": .number(120), "level": .number(2), "meter": .string("4/4"),
        "bars": .number(1), "tries": .number(3), "seed": .number(3),
    ])

    /// The next `note_judged` on a link subscribed to answers.
    static func judged(_ events: ControlConnection) async throws -> JSONValue {
        while true {
            let notification = try await events.nextNotification()
            if notification.params["type"]?.stringValue == "note_judged" { return notification.params["details"] ?? .null }
        }
    }

    /// Plays `onsets` on C3 with `eartrainctl play C3@0 C3@0.5 …`, which returns once the play-back is judged.
    static func play(_ onsets: [Double], _ socket: String) async throws {
        let output = try await Eartrainctl.run(["play"] + onsets.map { "C3@" + String(format: "%.3f", $0) }, socket: socket)
        #expect(output.status == 0, "\(output)")
    }

    /// Every sixteenth of the bar (at 120 BPM), as a first try: a wrong one (too many notes) that
    /// still meets each onset asked, so its judgement says when each is due. (An onset not played
    /// has no time while the question is open.) It is judged at the onset due last; the notes
    /// after that are a play-back of their own, judged when its time is over.
    static let everySixteenth = (0..<16).map { Double($0) * 0.125 }

    /// The first try (every sixteenth) and what it says is due, once the notes after it are judged too.
    static func firstTry(_ socket: String, _ events: ControlConnection) async throws -> [Double] {
        try await play(everySixteenth, socket)
        let first = try await judged(events)
        #expect(first["pattern"] == nil, "no pattern while another try may come")
        let due = first.decoded(as: RhythmJudgement.self)?.onsets.compactMap(\.expectedSeconds) ?? []
        #expect(due.count >= 3 && due.count == first["onsets"]?.arrayValue.count, "level 2 has eighths: \(due)")
        if first["keys"]?.arrayValue.count ?? 0 < everySixteenth.count {
            let rest = try await judged(events)
            #expect(rest["pattern"] == nil && rest["attempt"] == .number(2), "\(rest)")
        }
        return due
    }

    static func late(_ due: [Double]) -> [Double] { due.enumerated().map { $0 == 1 ? $1 + 0.15 : $1 } }

    static func page(_ daemon: TestDaemon) async throws -> String {
        try await WebViewDaemonTests.app(daemon).test(.router) { client in
            String(buffer: try await client.execute(uri: "/", method: .get).body)
        }
    }

    /// The `data-verdict` of each onset mark on the page, in order.
    static func verdicts(_ page: String) -> [String] {
        page.matches(of: #/<g class="onset" data-onset="(\d+)" data-verdict="([a-z_]+)" data-error-ms="(-?\d*)"/#).map { "\($0.1):\($0.2):\($0.3)" }
    }

    /// What the page was sent while a test played, in order.
    final class Sent: @unchecked Sendable {
        var panels: [String] = []
        var due: [Double] = []
        var second: JSONValue = .null
    }

    @Test("the page: empty bars while open, after a wrong try too; then the notes with exactly the second onset marked late, 150 ms",
          .timeLimit(.minutes(10)))
    func page() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        // Used from the socket's handler while the test waits for it, never at the same time.
        let link = try await daemon.connect(), events = try await daemon.connect()
        _ = try await events.result("subscribe", .object(["topics": .array([.string("answer")])]))
        _ = try await link.result("session.start", Self.start)
        let open = try await Self.page(daemon)
        #expect(open.contains(#"id="open-bars""#) && open.contains(#"data-meter="4/4""#))
        #expect(!open.contains("rhythm-note") && !open.contains(#"class="onset""#) && !open.contains(#"class="rest""#))

        // The live page is sent each step as it happens (a page loaded afresh is drawn from
        // `status`, which keeps no drawing).
        let sent = Sent(), socket = daemon.socketPath
        try await WebViewDaemonTests.followLive(daemon) { panel in
            sent.panels.append(panel)
            if sent.panels.count == 1 {
                sent.due = try await Self.firstTry(socket, events)
                try await Self.play(Self.late(sent.due), socket)
                sent.second = try await Self.judged(events)
            }
            return panel.contains(#"id="answer-drawing""#)
        }
        let pattern = try #require(sent.second["pattern"].flatMap(RhythmPattern.init(wire:)))
        #expect(pattern.onsets.count == sent.due.count)
        let tried = try #require(sent.panels.firstIndex { $0.contains("try 1") }, "the wrong try reached the page")
        for panel in sent.panels[...tried] {
            #expect(!panel.contains("rhythm-note") && !panel.contains(#"class="onset""#) && !panel.contains(#"class="rest""#),
                    "nothing of the pattern while the question is open")
        }
        #expect(sent.panels[tried].contains(#"id="open-bars""#))
        let answered = try #require(sent.panels.last)
        #expect(answered.contains(#"id="answer-drawing""#))
        #expect(answered.matches(of: #/class="rhythm-note"/#).count == pattern.values.filter { !$0.isRest }.count)
        let marks = Self.verdicts(answered)
        #expect(marks.count == sent.due.count)
        #expect(marks.filter { $0.contains(":late:") } == ["1:late:150"], "\(marks) due \(sent.due) second \(sent.second)")
        #expect(marks.enumerated().allSatisfy { $0 == 1 || $1.contains(":on_time:") }, "\(marks)")
        #expect(await daemon.stop())
    }

    @Test("watch in an 80-column terminal: empty bars while open; then the late mark under the second note alone")
    func watch() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        let link = try await daemon.connect(), events = try await daemon.connect()
        _ = try await events.result("subscribe", .object(["topics": .array([.string("answer")])]))
        _ = try await link.result("session.start", Self.start)
        let pane = try await TmuxPane(command: WatchTmuxTests.command(daemon))
        defer { pane.kill() }
        let open = await pane.wait { $0.contains("drawn once answered") }
        #expect(open.contains("4/4 │"), "\(open)")
        #expect(!open.contains("━") && !open.contains("→"), "\(open)")

        let due = try await Self.firstTry(daemon.socketPath, events)
        let afterTry = await pane.wait { $0.contains("try 1") }
        #expect(afterTry.contains("drawn once answered") && !afterTry.contains("→") && !afterTry.contains("━"), "\(afterTry)")

        try await Self.play(Self.late(due), daemon.socketPath)
        let second = try await Self.judged(events)
        let answer = try #require(RhythmAnswer(details: second))
        let screen = await pane.wait { $0.contains("answer: ") && $0.contains("→") }
        let rows = WatchTmuxTests.rows(screen)
        #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(screen)")
        let lineRow = try #require(rows.firstIndex { String($0).hasPrefix(" 4/4 │") })
        let marks = try #require(rows.firstIndex { $0.contains("→") })
        #expect(rows[marks].filter { $0 == "→" }.count == 1, "\(screen)")
        let text = TextRhythm(answer, width: 80), layout = RhythmLayout(answer.pattern)
        for onset in answer.pattern.onsets.indices {
            let item = try #require(layout.item(onset: onset))
            let column = text.column(bar: item.bar, fraction: item.fraction)
            #expect(rows[lineRow][column] == (item.shape.hollow ? "○" : "●"), "onset \(onset)\n\(screen)")
            #expect(rows[marks][column] == (onset == 1 ? "→" : "✓"), "onset \(onset)\n\(screen)")
        }
        #expect(screen.contains("+150"), "\(screen)")
        #expect(await daemon.stop())
    }

    @Test("watch in an 80-column terminal: a match answer on its scale once answered, nothing of it while open")
    func watchMatch() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("match"), "root": .string("A3"), "seed": .number(4)]))
        let pane = try await TmuxPane(command: WatchTmuxTests.command(daemon))
        defer { pane.kill() }
        let open = await pane.wait { $0.contains("tune A3 to A3") }
        #expect(!open.contains("├") && !open.contains("▼"), "no scale while open\n\(open)")
        _ = try await link.result("notes.bend", .object(["value": .number(-600)]))
        _ = try await link.result("notes.play", .object(["notes": .array([.string("C4")])]))
        let screen = await pane.wait { $0.contains("answer: ") && $0.contains("├") }
        #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(screen)")
        let rows = WatchTmuxTests.rows(screen)
        let scale = try #require(rows.firstIndex { String($0).contains("├") })
        let line = rows[scale]
        #expect(String(line).contains("−50 c") && String(line).contains("+50 c") && line.contains("┼") && line.contains("═"), "\(screen)")
        // The error's mark (or the arrow at an end beyond ±50 c) stands over the scale.
        #expect(rows[scale - 1].contains { "▼◀▶".contains($0) }, "\(screen)")
        #expect(screen.contains(" c: sharp") || screen.contains(" c: flat") || screen.contains(" c: in tune"), "\(screen)")
        #expect(await daemon.stop())
    }
}

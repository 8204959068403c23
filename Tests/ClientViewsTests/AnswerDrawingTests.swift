import ClientViews
import ControlProtocol
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Training

@Suite("Answer drawings")
struct AnswerDrawingTests {
    typealias V = RhythmPattern.Value

    /// A quarter, two eighths, a quarter rest, a quarter at 120 BPM (a unit is 1/24 s): onsets at
    /// 0, 0.5, 0.75 and 1.5 s.
    static let pattern = RhythmPattern(meter: .fourFour, values: [V(12), V(6), V(6), V(12, rest: true), V(12)])

    static func onset(_ expected: Double, _ error: Double?) -> RhythmJudgement.OnsetReport {
        let verdict = error.map { abs($0) <= 0.1 ? "on_time" : $0 < 0 ? "early" : "late" } ?? "missing"
        return RhythmJudgement.OnsetReport(
            expectedSeconds: expected, playedSeconds: error.map { expected + $0 }, errorMs: error.map { Int(($0 * 1000).rounded()) },
            verdict: verdict)
    }

    /// A judged play-back's details: the second onset 150 ms late, the last missing, one extra.
    static func playBack(pattern: Bool) -> JSONValue {
        let judgement = RhythmJudgement(
            onsets: [onset(0, 0), onset(0.5, 0.15), onset(0.75, 0.02), onset(1.5, nil)], extra: [1.2], toleranceMs: 100,
            pattern: pattern ? Self.pattern.wire(tempo: 120) : nil)
        return .object(KindFields(encoding: judgement).merging(["correct": .bool(false), "played": .string("C3")]) { $1 })
    }

    /// The SVG parsed. To look at the pictures: KEEP_ANSWER_SVG=/tmp/answers swift test --filter
    /// AnswerDrawingTests writes each one there (`rsvg-convert` turns them into PNG).
    static func parse(_ svg: String, _ function: String = #function) throws -> XMLElement {
        if let folder = ProcessInfo.processInfo.environment["KEEP_ANSWER_SVG"] {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let name = function.prefix { $0 != "(" } + "-\(abs(svg.hashValue) % 1000).svg"
            try? svg.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        return try #require(try XMLDocument(xmlString: svg, options: []).rootElement())
    }

    static func elements(_ root: XMLElement, _ name: String, class className: String) -> [XMLElement] {
        func walk(_ element: XMLElement) -> [XMLElement] {
            let this = (element.localName ?? element.name) == name && Self.attribute(element, "class") == className ? [element] : []
            return this + (element.children ?? []).compactMap { $0 as? XMLElement }.flatMap(walk)
        }
        return walk(root)
    }

    static func attribute(_ element: XMLElement, _ name: String) -> String? { element.attributes?.first { $0.name == name }?.stringValue }

    @Test("the pattern is read back from the wire as it was sent")
    func wire() throws {
        let wire = Self.pattern.wireValue(tempo: 120)
        #expect(RhythmPattern(wire: wire) == Self.pattern)
        #expect(RhythmPattern.tempo(wire: wire) == 120)
        #expect(RhythmPattern(wire: .object(["meter": .string("5/4")])) == nil)
    }

    @Test("SVG: every note and rest drawn with the marks: the late onset is marked late with its 150 ms, the missing one missing")
    func svgMarks() throws {
        let answer = try #require(RhythmAnswer(details: Self.playBack(pattern: true)))
        let root = try Self.parse(SVGRhythm(answer).element(title: "t"))
        let heads = Self.elements(root, "ellipse", class: "rhythm-note")
        #expect(heads.count == 4)
        #expect(Self.elements(root, "g", class: "rest").count == 1)
        #expect(Self.elements(root, "rect", class: "beam").count == 1)
        #expect(Self.elements(root, "g", class: "time-signature").first.flatMap { Self.attribute($0, "data-meter") } == "4/4")
        let marks = Self.elements(root, "g", class: "onset")
        #expect(marks.map { Self.attribute($0, "data-verdict") } == ["on_time", "late", "on_time", "missing"])
        #expect(marks.map { Self.attribute($0, "data-error-ms") } == ["0", "150", "20", ""])
        #expect(marks.filter { Self.attribute($0, "data-verdict") == "late" }.count == 1)
        // The late one's tick lies right of its note, by 150 ms: 3.6 units of 48 across the bar.
        let head = try #require(heads.first { Self.attribute($0, "data-onset") == "1" })
        let tick = try #require(Self.elements(marks[1], "line", class: "played").first)
        let x = try #require(Self.attribute(head, "cx").flatMap(Double.init)), played = try #require(Self.attribute(tick, "x1").flatMap(Double.init))
        let barWidth = 332.0 - 40 - 14 - 12
        #expect(abs((played - x) - 3.6 / 48 * barWidth) < 0.05)
        #expect(Self.elements(root, "g", class: "extra").count == 1)
    }

    @Test("SVG: two bars with every kind of value drawn, each onset's mark under its own note")
    func svgEveryValue() throws {
        let pattern = RhythmPattern(meter: .fourFour, values: [
            V(18), V(6), V(4), V(4), V(4), V(6, rest: true), V(6), V(6, tied: true), V(6), V(3), V(3), V(6), V(12), V(12, rest: true),
        ])
        let onsets = pattern.onsets.indices.map { RhythmAnswer.Onset(verdict: $0 == 2 ? "early" : "on_time", errorMilliseconds: $0 == 2 ? -120 : 10, playedSeconds: nil) }
        let root = try Self.parse(SVGRhythm(RhythmAnswer(pattern: pattern, tempo: 90, onsets: onsets, toleranceMilliseconds: 100)).element(title: "t"))
        #expect(Self.elements(root, "ellipse", class: "rhythm-note").count == pattern.values.filter { !$0.isRest }.count)
        #expect(Self.elements(root, "g", class: "rest").count == 2)
        #expect(Self.elements(root, "path", class: "tie").count == 1)
        #expect(Self.elements(root, "text", class: "triplet").count == 1)
        #expect(Self.elements(root, "circle", class: "dot").count == 1)
        #expect(Self.elements(root, "line", class: "rhythm-line").count == 2)
        let marks = Self.elements(root, "g", class: "onset")
        #expect(marks.count == pattern.onsets.count)
        #expect(marks.filter { Self.attribute($0, "data-verdict") == "early" }.map { Self.attribute($0, "data-onset") } == ["2"])
    }

    @Test("SVG: an open question's empty bars show its meter and nothing of a pattern")
    func svgEmpty() throws {
        let root = try Self.parse(SVGRhythm(emptyBars: 2, meter: .threeFour).element(title: "t"))
        #expect(Self.elements(root, "ellipse", class: "rhythm-note").isEmpty)
        #expect(Self.elements(root, "g", class: "rest").isEmpty)
        #expect(Self.elements(root, "g", class: "onset").isEmpty)
        #expect(Self.elements(root, "line", class: "rhythm-line").count == 2)
        #expect(Self.attribute(root, "data-meter") == "3/4")
    }

    @Test("text: the late onset's mark stands under its head, the missing one's too, in 80 columns")
    func textMarks() throws {
        let answer = try #require(RhythmAnswer(details: Self.playBack(pattern: true)))
        let text = TextRhythm(answer, width: 80)
        let rows = text.rows()
        if let folder = ProcessInfo.processInfo.environment["KEEP_ANSWER_SVG"] {
            try? rows.joined(separator: "\n").write(toFile: folder + "/textMarks.txt", atomically: true, encoding: .utf8)
        }
        #expect(rows.allSatisfy { $0.count <= 80 })
        let line = try #require(rows.first { $0.contains("4/4") }).map { $0 }
        let marks = try #require(rows.first { $0.contains("→") }).map { $0 }
        let layout = RhythmLayout(Self.pattern)
        for (onset, mark) in [(0, "✓"), (1, "→"), (2, "✓"), (3, "✗")] {
            let item = try #require(layout.item(onset: onset))
            let column = text.column(bar: item.bar, fraction: item.fraction)
            #expect(line[column] == "●")
            #expect(String(marks[column]) == mark)
        }
        #expect(marks.filter { $0 == "→" }.count == 1)
        #expect(rows.contains { $0.contains("+150") })
        #expect(rows.contains { $0.contains("━") }, "the eighths are beamed")
    }

    @Test("text: two bars of sixteenths fit 80 columns with every head apart")
    func textCrowded() throws {
        let pattern = RhythmPattern(meter: .fourFour, values: Array(repeating: V(3), count: 32))
        let answer = RhythmAnswer(pattern: pattern, tempo: 80)
        let rows = TextRhythm(answer, width: 80).rows()
        #expect(rows.allSatisfy { $0.count <= 80 })
        #expect(try #require(rows.first { $0.contains("4/4") }).filter { $0 == "●" }.count == 32)
    }

    @Test("a match answer: its mark where its cents are, the band judged in tune, held at the end beyond ±50 c")
    func tuned() throws {
        for (cents, x, beyond) in [(17.3, 40 + 0.673 * 320, false), (-60.3, 40.0, true), (0, 200, false)] {
            let details = KindFields(encoding: MatchAnswer(toleranceCents: 5)).merging(["cents": .number(cents), "correct": .bool(false)]) { $1 }
            let answer = try #require(MatchExercise.answerFigure(judged: .object(details)))
            let root = try Self.parse(answer.svg())
            let mark = try #require(Self.elements(root, "g", class: "mark").first)
            #expect(Self.attribute(mark, "data-beyond") == String(beyond))
            let path = try #require(mark.children?.compactMap { $0 as? XMLElement }.first { $0.name == "text" })
            #expect(abs((Self.attribute(path, "x").flatMap(Double.init) ?? -1) - x) < 0.01)
            let band = try #require(Self.elements(root, "rect", class: "tolerance").first)
            #expect(Self.attribute(band, "width") == "32")
            let rows = answer.rows(width: 80)
            #expect(rows.allSatisfy { $0.count <= 80 })
            #expect(rows.contains { $0.contains(CentsScale.text(cents, signed: true)) })
        }
    }

    @Test("a compare answer: the reference at 0, the second at its offset on a scale that holds it; a pure answer: which was pure")
    func compared() throws {
        let compare = try #require(CompareExercise.answerFigure(judged: .object(KindFields(
            encoding: CompareAnswer(secondCents: -12.5, answered: "higher")).merging([
                "cents": .number(12.5), "outcome": .string("lower"), "correct": .bool(false),
            ]) { $1 })))
        #expect(compare.words == "the second was 12.5 c lower; you said higher")
        let root = try Self.parse(compare.svg())
        let marks = Self.elements(root, "g", class: "mark")
        #expect(marks.map { Self.attribute($0, "data-cents") } == ["0", "-12.5"])
        #expect(Self.elements(root, "g", class: "axis").first.flatMap { Self.attribute($0, "data-range") } == "25")
        let pure = try #require(PureExercise.answerFigure(judged: .object([
            "cents": .number(13.7), "pure": .string("second"), "outcome": .string("the second was pure"), "answered": .string("second"), "correct": .bool(true),
        ])))
        let versions = Self.elements(try Self.parse(pure.svg()), "g", class: "version")
        #expect(versions.map { Self.attribute($0, "data-pure") } == ["false", "true"])
        #expect(versions.map { Self.attribute($0, "data-chosen") } == ["false", "true"])
        #expect(pure.rows(width: 80).joined().contains("2nd: pure ◀ you"))
    }

    static func event(_ type: String, _ details: JSONValue) -> EventReport {
        EventReport.fixture(type, seconds: 1, details.objectValue)
    }

    @Test("watch: a wrong try with another to come draws no pattern; the reveal draws it with that try's marks")
    func fold() throws {
        var state = WatchState()
        state.apply(Self.event("session_started", .object(["exercise": .string("rhythm")])))
        state.apply(Self.event("prompt", .object([
            "number": .number(1), "repeat": .bool(false), "staff": .array([]),
            "question": .object(["kind": .string("rhythm"), "root": .string("C3"), "tempo": .number(120), "meter": .string("4/4"), "bars": .number(1)]),
        ])))
        #expect(state.openBars == OpenBars(fields: ["meter": .string("4/4"), "bars": .number(1)]))
        state.apply(Self.event("note_judged", Self.playBack(pattern: false)))
        #expect(state.answerDrawing == nil)
        let screen = WatchScreen(width: 80, height: 24, colour: false).lines(state, elapsed: 1)
        #expect(!screen.contains { $0.contains("→") || $0.contains("━") || $0.contains("+150") }, "nothing of the pattern or its marks")
        #expect(screen.contains { $0.contains("drawn once answered") })
        state.apply(Self.event("answer_revealed", .object([
            "answers": .array([]), "reason": .string("skipped"), "staff": .array([]), "pattern": Self.pattern.wireValue(tempo: 120),
        ])))
        guard case .rhythm(let answer)? = state.answerDrawing?.drawing else { Issue.record("no rhythm drawn"); return }
        #expect(answer.onsets.map(\.verdict) == ["on_time", "late", "on_time", "missing"])
        let shown = WatchScreen(width: 80, height: 24, colour: false).lines(state, elapsed: 1)
        #expect(shown.count == 24 && shown.allSatisfy { $0.count <= 80 })
        if let folder = ProcessInfo.processInfo.environment["KEEP_ANSWER_SVG"] {
            try? shown.joined(separator: "\n").write(toFile: folder + "/watch.txt", atomically: true, encoding: .utf8)
        }
        #expect(shown.contains { $0.contains("→") && $0.contains("✗") })
        // The next question keeps the drawing until the next answer.
        state.apply(Self.event("prompt", .object([
            "number": .number(2), "repeat": .bool(false), "staff": .array([]),
            "question": .object(["kind": .string("rhythm"), "root": .string("C3"), "tempo": .number(120), "meter": .string("3/4"), "bars": .number(1)]),
        ])))
        #expect(state.answerDrawing != nil)
        state.apply(Self.event("note_judged", Self.playBack(pattern: false)))
        #expect(state.answerDrawing == nil)
    }
}

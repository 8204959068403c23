import Foundation
import Testing
@testable import WebView

@Suite struct ChartTests {
    static func bars(_ values: [Double]) -> [BarChart.Bar] {
        values.enumerated().map { BarChart.Bar(label: "item \($0.offset)", value: $0.element, text: "\($0.element)") }
    }

    /// The `width` of every `<rect class="bar">`, in order.
    static func barWidths(_ svg: String) -> [Double] {
        svg.components(separatedBy: #"<rect class="bar""#).dropFirst().compactMap { rect in
            rect.components(separatedBy: #"width=""#).dropFirst().first?.split(separator: "\"").first.flatMap { Double($0) }
        }
    }

    @Test("a bar's length is proportional to its value, within the chart's width")
    func proportional() {
        let svg = BarChart.svg(id: "a", title: "Accuracy", bars: Self.bars([1, 0.5, 0.25, 0, 1.5, -1]), maximum: 1, empty: "none")
        #expect(Self.barWidths(svg) == [360, 180, 90, 0, 360, 0])
        #expect(BarChart.barLength(3, maximum: 4) == 270)
        #expect(BarChart.barLength(3, maximum: 0) == 0 && BarChart.barLength(.nan, maximum: 1) == 0)
    }

    @Test("a chart is an image named by its title and described by every value")
    func accessible() {
        let svg = BarChart.svg(id: "accuracy interval", title: "Accuracy per interval", bars: [
            .init(label: "m3", value: 0.75, text: "75% of 4 answers"), .init(label: "P5", value: 0.5, text: "50% of 2 answers"),
        ], maximum: 1, empty: "none")
        #expect(svg.hasPrefix(#"<svg role="img" aria-labelledby="chart-accuracy-interval-title chart-accuracy-interval-desc""#))
        #expect(svg.contains(#"<title id="chart-accuracy-interval-title">Accuracy per interval</title>"#))
        #expect(svg.contains(#"<desc id="chart-accuracy-interval-desc">m3: 75% of 4 answers; P5: 50% of 2 answers</desc>"#))
        #expect(svg.contains(">75% of 4 answers</text>"))
        #expect(!svg.contains("style="))
    }

    @Test("labels, titles and figures are escaped")
    func escaped() {
        let svg = BarChart.svg(id: "x\"><script>", title: "<b>&", bars: [.init(label: "<script>alert(1)</script>", value: 1, text: "a\"b")],
                               maximum: 1, empty: "none")
        #expect(!svg.contains("<script>") && !svg.contains("<b>"))
        #expect(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && svg.contains("a&quot;b") && svg.contains("&lt;b&gt;&amp;"))
        let line = LineChart.svg(id: "d", title: "t", points: [.init(label: "<day>", value: 1, text: "'")], maximum: 1, ticks: [], empty: "")
        #expect(!line.contains("<day>") && line.contains("&lt;day&gt;") && line.contains("&#39;"))
    }

    @Test("no data gives a sentence, not a broken chart")
    func empty() {
        #expect(BarChart.svg(id: "a", title: "t", bars: [], maximum: 1, empty: "No answers <yet>.") == #"<p class="note">No answers &lt;yet&gt;.</p>"#)
        let noValues = [LineChart.Point(label: "2026-03-01", value: nil, text: "no right answer")]
        #expect(LineChart.svg(id: "a", title: "t", points: noValues, maximum: 1, ticks: [], empty: "Nothing.") == #"<p class="note">Nothing.</p>"#)
        #expect(LineChart.svg(id: "a", title: "t", points: [], maximum: 1, ticks: [], empty: "Nothing.") == #"<p class="note">Nothing.</p>"#)
    }

    @Test("points are spread evenly across, a lone one in the middle; values from the bottom up")
    func linePlaces() {
        #expect(LineChart.x(0, count: 1) == (LineChart.left + LineChart.right) / 2)
        #expect(LineChart.x(0, count: 3) == LineChart.left + 8 && LineChart.x(2, count: 3) == LineChart.right - 8)
        #expect(LineChart.x(1, count: 3) == (LineChart.left + LineChart.right) / 2)
        #expect(LineChart.y(0, maximum: 1) == LineChart.bottom && LineChart.y(1, maximum: 1) == LineChart.top)
        #expect(LineChart.y(0.5, maximum: 1) == (LineChart.top + LineChart.bottom) / 2)
        #expect(LineChart.y(2, maximum: 1) == LineChart.top && LineChart.y(1, maximum: 0) == LineChart.bottom)
    }

    @Test("a day without a value breaks the line; every point with a value is drawn; first and last days are written")
    func lineRuns() {
        let points = [0.5, nil, 1, 0.75, nil].enumerated().map { index, value in
            LineChart.Point(label: "day \(index)", value: value, text: value.map { "\($0)" } ?? "none")
        }
        #expect(LineChart.runs(points) == [[0], [2, 3]])
        let svg = LineChart.svg(id: "d", title: "Accuracy per day", points: points, maximum: 1,
                                ticks: [.init(value: 0, label: "0%"), .init(value: 1, label: "100%")], empty: "")
        #expect(svg.components(separatedBy: "<polyline").count == 2)
        #expect(svg.components(separatedBy: "<circle").count == 4)
        #expect(svg.components(separatedBy: #"<line class="axis""#).count == 3)
        #expect(svg.contains(">day 0</text>") && svg.contains(">day 4</text>") && !svg.contains(">day 2</text>"))
        #expect(svg.contains("day 1: none; day 2: 1.0"))
    }

    @Test("a lone day is written under its point")
    func lonePoint() {
        let svg = LineChart.svg(id: "d", title: "t", points: [.init(label: "2026-03-28", value: 1, text: "100%")], maximum: 1, ticks: [], empty: "")
        let middle = Chart.number((LineChart.left + LineChart.right) / 2)
        #expect(svg.contains(#"<circle class="point" cx="\#(middle)""#))
        #expect(svg.contains(#"<text x="\#(middle)" y="186" text-anchor="middle" class="day""#))
        #expect(!svg.contains("<polyline"))
    }

    @Test("coordinates have at most one decimal", arguments: [(0.0, "0"), (12.34, "12.3"), (12.96, "13"), (-0.25, "-0.3"), (-3.5, "-3.5"), (360, "360")])
    func numbers(_ value: Double, _ text: String) {
        #expect(Chart.number(value) == text)
    }
}

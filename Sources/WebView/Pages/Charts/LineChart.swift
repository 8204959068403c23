/// A line over equally spaced points, one per day with answers: the accuracy or the response time
/// day by day. A point without a value (a day with no right answer has no response time) breaks
/// the line. The first and last labels are written under the axis (a lone point's under it),
/// every value in the description. A pure function of plain numbers and labels.
enum LineChart {
    /// One point: its label (the day), its value if any, and the figure for the description.
    struct Point: Sendable, Hashable {
        var label: String
        var value: Double?
        /// `75% of 4`, `1.25 s`, `no right answer`.
        var text: String
    }

    /// A level marked across the chart with its label: `50%`, `1.5 s`.
    struct Tick: Sendable, Hashable {
        var value: Double
        var label: String
    }

    static let height = 196.0
    /// Where the values are drawn; the ticks' labels are left of it, the days' under it.
    static let left = 64.0, right = Chart.width - 8, top = 12.0, bottom = 160.0

    /// The chart of `points` on a scale from 0 to `maximum`, with `ticks`; `empty` is said instead
    /// when no point has a value.
    static func svg(id: String, title: String, points: [Point], maximum: Double, ticks: [Tick], empty: String) -> String {
        guard points.contains(where: { $0.value != nil }) else { return Chart.empty(empty) }
        var body = ticks.map { tick in
            let level = y(tick.value, maximum: maximum)
            return #"<line class="axis" x1="\#(Chart.number(left))" x2="\#(Chart.number(right))" y1="\#(Chart.number(level))" y2="\#(Chart.number(level))" stroke="\#(Chart.rule)"/>"#
                + Chart.text(tick.label, x: left - 6, y: level + 6, anchor: "end", className: "tick")
        }.joined()
        for run in runs(points) {
            let coordinates = run.map { index in "\(Chart.number(x(index, count: points.count))),\(Chart.number(y(points[index].value!, maximum: maximum)))" }
            if run.count > 1 {
                body += #"<polyline class="line" points="\#(coordinates.joined(separator: " "))" fill="none" stroke="\#(Chart.ink)" stroke-width="3"/>"#
            }
        }
        for (index, point) in points.enumerated() {
            guard let value = point.value else { continue }
            body += #"<circle class="point" cx="\#(Chart.number(x(index, count: points.count)))" cy="\#(Chart.number(y(value, maximum: maximum)))" r="5" fill="\#(Chart.ink)"/>"#
        }
        if points.count == 1 {
            body += Chart.text(points[0].label, x: x(0, count: 1), y: height - 10, anchor: "middle", className: "day")
        } else if let first = points.first, let last = points.last {
            body += Chart.text(first.label, x: left, y: height - 10, className: "day")
                + Chart.text(last.label, x: right, y: height - 10, anchor: "end", className: "day")
        }
        let description = points.map { "\($0.label): \($0.text)" }.joined(separator: "; ")
        return Chart.frame(id: id, title: title, description: description, height: height, body: body)
    }

    /// The point's place across: spread evenly from left to right, a single point in the middle.
    static func x(_ index: Int, count: Int) -> Double {
        let inset = 8.0
        guard count > 1 else { return (left + right) / 2 }
        return left + inset + Double(index) * (right - left - 2 * inset) / Double(count - 1)
    }

    /// The value's height: 0 at the bottom, `maximum` at the top, never outside.
    static func y(_ value: Double, maximum: Double) -> Double {
        let share = maximum > 0 && value.isFinite ? min(max(value / maximum, 0), 1) : 0
        return bottom - share * (bottom - top)
    }

    /// The runs of consecutive points that have a value, as indexes.
    static func runs(_ points: [Point]) -> [[Int]] {
        var runs: [[Int]] = []
        var current: [Int] = []
        for (index, point) in points.enumerated() {
            if point.value != nil {
                current.append(index)
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        return current.isEmpty ? runs : runs + [current]
    }
}

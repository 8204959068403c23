/// Horizontal bars, one per labelled value, each with its figure written beside its label: the
/// accuracy per interval, chord or degree, or the response time per item. A pure function of
/// plain numbers and labels.
enum BarChart {
    /// One bar: what it is, how long (against the chart's maximum), and the figure to write.
    struct Bar: Sendable, Hashable {
        var label: String
        var value: Double
        /// `75% of 12`, `1.25 s`.
        var text: String
    }

    /// A row: the label and the figure on one line, the bar under them.
    static let rowHeight = 50.0
    static let barHeight = 14.0

    /// The chart of `bars`, each as long as its share of `maximum` (a value beyond it is drawn
    /// full, a negative one empty); `empty` is said instead when there are no bars.
    static func svg(id: String, title: String, bars: [Bar], maximum: Double, empty: String) -> String {
        guard !bars.isEmpty else { return Chart.empty(empty) }
        let rows = bars.enumerated().map { index, bar in
            let top = Double(index) * rowHeight
            let length = barLength(bar.value, maximum: maximum)
            return Chart.text(bar.label, x: 0, y: top + 18, className: "label")
                + Chart.text(bar.text, x: Chart.width, y: top + 18, anchor: "end", className: "value")
                + #"<rect class="track" x="0" y="\#(Chart.number(top + 24))" width="\#(Chart.number(Chart.width))" height="\#(Chart.number(barHeight))" fill="\#(Chart.track)"/>"#
                + #"<rect class="bar" x="0" y="\#(Chart.number(top + 24))" width="\#(Chart.number(length))" height="\#(Chart.number(barHeight))" fill="\#(Chart.ink)"/>"#
        }
        let description = bars.map { "\($0.label): \($0.text)" }.joined(separator: "; ")
        return Chart.frame(id: id, title: title, description: description, height: Double(bars.count) * rowHeight - 8,
                           body: rows.joined())
    }

    /// The bar's length in the chart's units: proportional to `value / maximum`, within the width.
    static func barLength(_ value: Double, maximum: Double) -> Double {
        guard maximum > 0, value.isFinite else { return 0 }
        return min(max(value / maximum, 0), 1) * Chart.width
    }
}

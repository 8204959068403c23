import ClientViews

extension ProgressPage {
    /// Per kind: the accuracy per item as bars with the percentage and the answer count, the
    /// average response per item as bars against the slowest, and the table.
    static func items(_ progress: LifetimeProgress) -> String {
        guard !progress.itemGroups.isEmpty else { return "" }
        let groups = progress.itemGroups.map { group in
            let accuracy = group.items.map { item in
                BarChart.Bar(label: item.label, value: item.tally.accuracy ?? 0, text: accuracyText(item.tally))
            }
            let timed = group.items.compactMap { item in
                item.tally.averageResponse.map { BarChart.Bar(label: item.label, value: $0, text: seconds($0)) }
            }
            let thresholds = group.items.compactMap { item in
                item.tally.threshold.map { BarChart.Bar(label: item.label, value: $0, text: String(format: "%.1f c", $0)) }
            }
            let kind = HTML.escaped(group.kind)
            // A kind that finds a threshold (`compare`): how small a difference each item hears.
            let threshold = thresholds.isEmpty ? "" : """
                <figure class="chart">\(BarChart.svg(id: "threshold-\(group.kind)", title: "Threshold per \(group.kind) item, cents", bars: thresholds, maximum: thresholds.map(\.value).max() ?? 0, empty: ""))<figcaption>Threshold: the geometric mean of the last 20 offsets asked, in cents (smaller hears finer)</figcaption></figure>
                """
            return """
                <h3>\(kind)</h3>
                <div class="charts"><figure class="chart">\(BarChart.svg(id: "accuracy-\(group.kind)", title: "Accuracy per \(group.kind) item", bars: accuracy, maximum: 1, empty: "No answers."))<figcaption>Accuracy: right answers of all answers</figcaption></figure>
                <figure class="chart">\(BarChart.svg(id: "response-\(group.kind)", title: "Average response per \(group.kind) item", bars: timed, maximum: timed.map(\.value).max() ?? 0, empty: "No right answers yet, so no response times."))<figcaption>Average response of the right answers</figcaption></figure>\(threshold)</div>
                \(table(caption: "The \(group.kind) figures", header: group.kind, rows: group.items.map { ($0.label, $0.tally) }))
                """
        }
        return "<h2>Per item</h2>\n" + groups.joined(separator: "\n")
    }
}

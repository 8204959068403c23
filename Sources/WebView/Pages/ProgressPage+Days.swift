import ClientViews
import Foundation

extension ProgressPage {
    /// How many days a chart draws: the latest days with answers; the table lists them all.
    static let chartDays = 90

    /// The trend over the days with answers: accuracy and average response per day, for all
    /// answers and then for each exercise kind, each with its table.
    static func days(_ progress: LifetimeProgress) -> String {
        let series = progress.daySeries.filter { !$0.days.isEmpty }
        guard !series.isEmpty else { return "" }
        let sections = series.map { series in
            let name = series.kind ?? "all exercises"
            let id = series.kind ?? "all"
            let shown = series.days.suffix(chartDays)
            let span = shown.count < series.days.count ? ", the last \(chartDays) days with answers" : ""
            let accuracy = shown.map { day in
                LineChart.Point(label: day.day, value: day.tally.accuracy, text: accuracyText(day.tally))
            }
            let response = shown.map { day in
                LineChart.Point(label: day.day, value: day.tally.averageResponse,
                                text: day.tally.averageResponse.map { seconds($0) } ?? "no right answer")
            }
            let slowest = responseScale(response.compactMap(\.value).max() ?? 0)
            let responseTicks = [0, slowest / 2, slowest].map { LineChart.Tick(value: $0, label: String(format: "%.1f s", $0)) }
            return """
                <h3>\(HTML.escaped(name))</h3>
                <div class="charts"><figure class="chart">\(LineChart.svg(id: "days-accuracy-\(id)", title: "Accuracy per day, \(name)", points: accuracy, maximum: 1, ticks: accuracyTicks, empty: "No answers."))<figcaption>Accuracy per day\(span)</figcaption></figure>
                <figure class="chart">\(LineChart.svg(id: "days-response-\(id)", title: "Average response per day, \(name)", points: response, maximum: slowest, ticks: responseTicks, empty: "No right answers yet, so no response times."))<figcaption>Average response per day\(span)</figcaption></figure></div>
                \(table(caption: "The days of \(name)", header: "day", rows: series.days.map { ($0.day, $0.tally) }))
                """
        }
        return "<h2>Day by day</h2>\n" + sections.joined(separator: "\n")
    }

    static let accuracyTicks = [0.0, 0.5, 1].map { LineChart.Tick(value: $0, label: percent($0)) }

    /// The top of the response scale: the slowest day, rounded up to half a second.
    static func responseScale(_ slowest: Double) -> Double {
        max(0.5, (slowest * 2).rounded(.up) / 2)
    }
}

import ClientViews
import ControlProtocol
import Foundation

/// The page at `/results`: the last finished session's results as the results screen has them
/// (`ResultsScreen`, `ResultsReport`), as HTML: the figures, the breakdown per degree, interval
/// or chord with a score meter, and what was played instead; then the way to a new session (the
/// start form on `/`) and to the progress over all sessions. One column at any width: its section
/// is `#results`, not `#live`, whose landscape grid would squeeze the table into half the screen.
public enum ResultsPage {
    /// The page for `results` (nil: no session has finished yet, or `away` says why not).
    public static func html(_ results: ResultsReport?, away: String? = nil) -> String {
        var main = [#"<section id="results" aria-labelledby="exercise">"#]
        if let results {
            main.append(#"<h1 id="exercise">Results</h1>"#)
            main.append(summary(results))
            main.append(breakdown(results))
        } else {
            main.append(#"<h1 id="exercise">No results yet</h1><p class="note">\#(HTML.escaped(away ?? "No session has finished yet."))</p>"#)
        }
        main.append(#"<p class="controls"><a class="button" href="/">New session</a> <a class="button" href="/progress">Progress</a></p>"#)
        main.append("</section>")
        return HTML.page(title: "eartrainer · results", current: "/results", main: main.joined(separator: "\n"), script: false)
    }

    /// Correct, errors, session time, error rate, average response, revealed and skipped.
    static func summary(_ results: ResultsReport) -> String {
        let average = results.averageResponseSeconds.map { String(format: "%.2f s", $0) } ?? "–"
        let figures = [
            ("correct", "\(results.correct)"), ("errors", "\(results.errors)"),
            ("session", ResultsScreen.duration(results.sessionSeconds)),
            ("error rate", String(format: "%.1f%%", results.errorRate * 100)), ("average response", average),
            ("revealed", "\(results.revealed)"), ("skipped", "\(results.skipped)"),
        ]
        return HTML.counts(figures)
    }

    /// The table per subject, and the confusions.
    static func breakdown(_ results: ResultsReport) -> String {
        var parts: [String] = []
        if !results.breakdown.isEmpty {
            let rows = results.breakdown.map { row in
                let response = row.averageResponseSeconds.map { String(format: "%.2f s", $0) } ?? "–"
                let percent = Int((row.firstTryShare * 100).rounded())
                let score = #"<meter min="0" max="1" value="\#(String(format: "%.2f", row.firstTryShare))">\#(percent)%</meter> \#(percent)%"#
                return (row.subject, ["\(row.asked)", "\(row.correct)", "\(row.correctFirstTry)", "\(row.errors)", "\(row.revealed)", response, score])
            }
            let columns = [results.heading.replacingOccurrences(of: "per ", with: ""), "asked", "correct", "first try", "errors", "revealed",
                           "average response", "score (right at the first try)"]
            parts.append("<h2>\(HTML.escaped(results.heading.prefix(1).uppercased() + results.heading.dropFirst()))</h2>\n"
                + HTML.table(columns: columns, rows: rows))
        }
        if !results.confusions.isEmpty {
            let items = results.confusions.map { confusion in
                "<li>\(HTML.escaped(confusion.expected)) → \(HTML.escaped(confusion.played)) <span class=\"times\">×\(confusion.count)</span></li>"
            }
            parts.append("<h2>Missed, and what was played instead</h2>\n<ul class=\"confusions\">\(items.joined())</ul>")
        }
        return parts.joined(separator: "\n")
    }
}

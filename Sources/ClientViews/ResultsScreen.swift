import ControlProtocol
import Foundation

/// The results screen, drawn from a session's results (`session.stop`, `session.results`,
/// `session_ended`): errors and correct answers, session length, error rate, average response,
/// then the per-degree (scales) or per-interval breakdown and the notes played by mistake. The
/// score bar is the share of each degree or interval answered right at the first try.
public enum ResultsScreen {
    /// The screen as lines of at most 80 columns.
    public static func lines(_ results: ResultsReport) -> [String] {
        let average = results.averageResponseSeconds.map { String(format: "%.2fs", $0) } ?? "-"
        let errors = results.errors
        var lines = [
            "results: \(results.correct) correct, \(errors) \(errors == 1 ? "error" : "errors")",
            "session \(duration(results.sessionSeconds))   "
                + String(format: "error rate %.1f%%", results.errorRate * 100)
                + "   average response \(average)",
            "revealed \(results.revealed)   skipped \(results.skipped)",
        ]
        if let cents = results.meanAbsoluteCents {
            // Tuned answers (`match`) and sung notes: how far off they were, on average, whichever way.
            let rows = results.breakdown.compactMap { row in row.meanAbsoluteCents.map { "\(row.subject) " + String(format: "%.1f c", $0) } }
            lines.append(String(format: "mean error %.1f c", cents) + (rows.count > 1 ? "   (" + rows.joined(separator: ", ") + ")" : ""))
        }
        if !results.breakdown.isEmpty {
            lines.append("")
            lines.append(results.heading.padding(toLength: 13, withPad: " ", startingAt: 0)
                + "asked  correct  first try  errors  revealed  avg response  score")
            for row in results.breakdown {
                let subject = row.subject.padding(toLength: 13, withPad: " ", startingAt: 0)
                let response = row.averageResponseSeconds.map { String(format: "%.2fs", $0) } ?? "-"
                lines.append(subject + String(
                    format: "%5d  %7d  %9d  %6d  %8d  ", row.asked, row.correct, row.correctFirstTry,
                    row.errors, row.revealed)
                    + String(repeating: " ", count: max(0, 12 - response.count)) + response + "  " + bar(row.firstTryShare, width: 8))
            }
        }
        if !results.thresholds.isEmpty {
            lines.append("")
            lines.append("threshold    cents  trials")
            for threshold in results.thresholds {
                let subject = threshold.subject.padding(toLength: 11, withPad: " ", startingAt: 0)
                lines.append(subject + String(format: "%7.1f  %6d", threshold.cents, threshold.trials)
                    + (threshold.settled ? "" : "  (not settled yet: a guess)"))
            }
        }
        if !results.confusions.isEmpty {
            lines.append("")
            lines.append("missed, and what was played instead:")
            for confusion in results.confusions {
                lines.append("  \(confusion.expected) → \(confusion.played)  ×\(confusion.count)")
            }
        }
        return lines
    }

    /// A share from 0 to 1 as a bar of `width` cells: `█████░░░`.
    public static func bar(_ share: Double, width: Int) -> String {
        let filled = Int((min(max(share, 0), 1) * Double(width)).rounded())
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }

    /// `1h 2m 3s`, `4m 5s`, `12.4s`.
    public static func duration(_ seconds: Double) -> String {
        if seconds < 60 { return String(format: "%.1fs", seconds) }
        let whole = Int(seconds)
        let (hours, minutes, rest) = (whole / 3600, whole % 3600 / 60, whole % 60)
        return hours > 0 ? "\(hours)h \(minutes)m \(rest)s" : "\(minutes)m \(rest)s"
    }
}

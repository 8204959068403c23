import ControlProtocol
import Foundation

/// The results screen, drawn from a session's results (`session.stop`, `session.results`,
/// `session_ended`): errors and correct answers, session length, error rate, average response,
/// then the per-degree (scales) or per-interval breakdown and the notes played by mistake. The
/// score bar is the share of each degree or interval answered right at the first try.
public enum ResultsScreen {
    /// The screen as lines of at most 80 columns.
    public static func lines(_ results: JSONValue) -> [String] {
        func int(_ key: String) -> Int { Int(results[key]?.numberValue ?? 0) }
        let average = results["average_response_seconds"]?.numberValue.map { String(format: "%.2fs", $0) } ?? "-"
        let errors = int("errors")
        var lines = [
            "results: \(int("correct")) correct, \(errors) \(errors == 1 ? "error" : "errors")",
            "session \(duration(results["session_seconds"]?.numberValue ?? 0))   "
                + String(format: "error rate %.1f%%", (results["error_rate"]?.numberValue ?? 0) * 100)
                + "   average response \(average)",
            "revealed \(int("revealed"))   skipped \(int("skipped"))",
        ]
        let rows = results["breakdown"]?.arrayValue ?? []
        if !rows.isEmpty {
            lines.append("")
            lines.append(heading(rows).padding(toLength: 13, withPad: " ", startingAt: 0)
                + "asked  correct  first try  errors  revealed  avg response  score")
            for row in rows {
                func count(_ key: String) -> Int { Int(row[key]?.numberValue ?? 0) }
                let subject = (row["subject"]?.stringValue ?? "").padding(toLength: 13, withPad: " ", startingAt: 0)
                let response = row["average_response_seconds"]?.numberValue.map { String(format: "%.2fs", $0) } ?? "-"
                let asked = count("asked")
                let share = asked == 0 ? 0 : Double(count("correct_first_try")) / Double(asked)
                lines.append(subject + String(
                    format: "%5d  %7d  %9d  %6d  %8d  ", asked, count("correct"), count("correct_first_try"),
                    count("errors"), count("revealed"))
                    + String(repeating: " ", count: max(0, 12 - response.count)) + response + "  " + bar(share, width: 8))
            }
        }
        let confusions = results["confusions"]?.arrayValue ?? []
        if !confusions.isEmpty {
            lines.append("")
            lines.append("missed, and what was played instead:")
            for confusion in confusions {
                lines.append("  \(confusion["expected"]?.stringValue ?? "?") → \(confusion["played"]?.stringValue ?? "?")  ×\(Int(confusion["count"]?.numberValue ?? 0))")
            }
        }
        return lines
    }

    /// `per degree`, `per interval`, `per chord`: the rows' category (an older daemon's rows
    /// have none: `per degree` when every subject is a degree, else `per interval`).
    static func heading(_ rows: [JSONValue]) -> String {
        let categories = Set(rows.compactMap { $0["category"]?.stringValue })
        if categories.count == 1, let category = categories.first { return "per " + category }
        return rows.allSatisfy { ($0["subject"]?.stringValue ?? "").hasPrefix("degree") } ? "per degree" : "per interval"
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

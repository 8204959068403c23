import ControlProtocol
import Foundation

/// A session's results as the seed's results screen shows them, plus the breakdown.
enum ResultsText {
    static func lines(_ results: JSONValue) -> [String] {
        func int(_ key: String) -> Int { Int(results[key]?.number ?? 0) }
        let average = results["average_response_seconds"]?.number.map { String(format: "%.2fs", $0) } ?? "-"
        var lines = [
            "correct \(int("correct"))   errors \(int("errors"))   revealed \(int("revealed"))   skipped \(int("skipped"))",
            String(format: "session %.1fs   error rate %.1f%%   average response ",
                   results["session_seconds"]?.number ?? 0, (results["error_rate"]?.number ?? 0) * 100) + average,
        ]
        let rows = results["breakdown"]?.array ?? []
        if !rows.isEmpty {
            lines.append("")
            lines.append("          asked  correct  first try  errors  revealed  avg response")
            for row in rows {
                let subject = (row["subject"]?.string ?? "").padding(toLength: 10, withPad: " ", startingAt: 0)
                let response = row["average_response_seconds"]?.number.map { String(format: "%.2fs", $0) } ?? "-"
                lines.append(subject + String(
                    format: "%5d  %7d  %9d  %6d  %8d  ", Int(row["asked"]?.number ?? 0), Int(row["correct"]?.number ?? 0),
                    Int(row["correct_first_try"]?.number ?? 0), Int(row["errors"]?.number ?? 0),
                    Int(row["revealed"]?.number ?? 0)) + String(repeating: " ", count: max(0, 12 - response.count)) + response)
            }
        }
        let confusions = results["confusions"]?.array ?? []
        if !confusions.isEmpty {
            lines.append("")
            lines.append("missed, and what was played instead:")
            for confusion in confusions {
                lines.append("  \(confusion["expected"]?.string ?? "?") → \(confusion["played"]?.string ?? "?")  ×\(Int(confusion["count"]?.number ?? 0))")
            }
        }
        return lines
    }
}

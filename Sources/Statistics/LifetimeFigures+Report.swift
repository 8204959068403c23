import ControlProtocol
import Foundation
import MusicTheory
import Training

extension LifetimeFigures {
    /// The figures as a table for a terminal (`eartrainctl stats`): one row for all answers, then
    /// one per exercise, mode, root and item (`interval M3`, `chord minor`, `degree 3`). Accuracy
    /// changes are in percentage points.
    public func report() -> String {
        var rows: [(String, Figures)] = [("all", overall)]
        rows += byExercise.sorted { $0.key < $1.key }.map { ("exercise \($0.key)", $0.value) }
        rows += byMode.sorted { Self.modeOrder($0.key) < Self.modeOrder($1.key) }.map { ("mode \($0.key)", $0.value) }
        rows += byRoot.sorted { $0.key < $1.key }.map { ("root \($0.key)", $0.value) }
        rows += byItem.sorted { Self.itemOrder($0.key) < Self.itemOrder($1.key) }.map { ($0.key, $0.value) }
        // The threshold column only where a kind that finds one was trained (`compare`).
        let thresholds = rows.contains { $0.1.thresholdCents != nil }
        let header = ["", "sessions", "practice", "answers", "accuracy", "errors", "avg resp", "7 days", "30 days", "streak", "days"]
            + (thresholds ? ["threshold"] : [])
        let table = [header] + rows.map { name, figures in
            [
                name, String(figures.sessions), Self.duration(figures.practiceSeconds), String(figures.answers),
                Self.percent(figures.accuracy), Self.percent(figures.errorRate),
                figures.averageResponseSeconds.map { String(format: "%.2fs", $0) } ?? "-",
                Self.trend(figures.last7Days), Self.trend(figures.last30Days), String(figures.bestStreak),
                String(figures.bestDayStreak),
            ] + (thresholds ? [figures.thresholdCents.map { String(format: "%.1f c", $0) } ?? "-"] : [])
        }
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        let lines = table.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        return "profile \(profile)\n" + lines.map { $0.trimmingCharacters(in: .whitespaces) == "" ? "" : $0 }
            .joined(separator: "\n") + "\n" + centsReport(rows)
    }

    /// Where answers carry cents (`match`'s errors), their mean absolute error over time: all of
    /// it, the last 7 days and the 7 before, the last 30 days and the 30 before. Empty when none do.
    func centsReport(_ rows: [(String, Figures)]) -> String {
        let tuned = rows.filter { $0.1.meanAbsoluteCents != nil }
        guard !tuned.isEmpty else { return "" }
        func cents(_ value: Double?) -> String { value.map { String(format: "%.1f c", $0) } ?? "-" }
        let lines = tuned.map { name, figures in
            "  \(name): \(cents(figures.meanAbsoluteCents)); last 7 days \(cents(figures.last7Days.recent.meanAbsoluteCents))"
                + " (7 before \(cents(figures.last7Days.previous.meanAbsoluteCents))), last 30 days"
                + " \(cents(figures.last30Days.recent.meanAbsoluteCents)) (30 before \(cents(figures.last30Days.previous.meanAbsoluteCents)))"
        }
        return "\nmean error, either way:\n" + lines.joined(separator: "\n") + "\n"
    }

    /// Modes in their scale-degree order (ionian, dorian, …), unknown names last.
    static func modeOrder(_ name: String) -> (Int, String) {
        ((try? Mode(parsing: name))?.rawValue ?? Int.max, name)
    }

    /// Items by their kind's place in the catalog, then intervals by size, then by name.
    static func itemOrder(_ name: String) -> (Int, Int, Int, String) {
        let words = name.split(separator: " ", maxSplits: 1).map(String.init)
        let kind = ExerciseKind.allCases.firstIndex { $0.rawValue == words[0] } ?? Int.max
        let interval = intervalOrder(words.count > 1 ? words[1] : name)
        return (kind, interval.0, interval.1, name)
    }

    /// Intervals by size (m2 before P5 before M9), unknown names last.
    static func intervalOrder(_ name: String) -> (Int, Int, String) {
        guard let interval = try? SpelledInterval(parsing: name) else { return (Int.max, 0, name) }
        return (interval.semitones, interval.number, name)
    }

    static func percent(_ value: Double?) -> String {
        value.map { String(format: "%.1f%%", $0 * 100) } ?? "-"
    }

    /// `83.3% +33.3`: the recent window's accuracy and its change from the window before.
    static func trend(_ trend: Trend) -> String {
        guard let accuracy = trend.recent.accuracy else { return "-" }
        let change = trend.accuracyChange.map { String(format: " %+.1f", $0 * 100) } ?? ""
        return String(format: "%.1f%%", accuracy * 100) + change
    }

    /// `2h05m`, `4m10s`, `45s`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        if total >= 3600 { return String(format: "%dh%02dm", total / 3600, total % 3600 / 60) }
        if total >= 60 { return String(format: "%dm%02ds", total / 60, total % 60) }
        return "\(total)s"
    }
}

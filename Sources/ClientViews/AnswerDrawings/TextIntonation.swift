import Foundation

/// An intonation answer as text for `watch`, in the SVG's terms: a tuned note's error and two
/// compared notes as marks (`▼`) over a scale in cents (`═` the band judged in tune, `┼` in tune,
/// `◀`/`▶` held at an end when beyond it); a pure question's two versions side by side.
public struct TextIntonation: Sendable {
    public let answer: IntonationAnswer
    public let width: Int

    public init(_ answer: IntonationAnswer, width: Int = 80) {
        self.answer = answer
        self.width = width
    }

    /// The scale's columns: its figures either side take 8 each.
    var scaleWidth: Int { max(21, min(61, width - 18)) }
    static let start = 8

    /// The column of `fraction` across the scale.
    public func column(_ fraction: Double) -> Int { Self.start + Int((fraction * Double(scaleWidth - 1)).rounded()) }

    public func rows() -> [String] {
        switch answer {
        case .tuned(let cents, let tolerance, _):
            return scale(CentsScale.tuning, band: tolerance, marks: [(cents, CentsScale.text(cents, signed: true))])
        case .compared(let second, _, _):
            return scale(CentsScale.fitting(second), band: nil, marks: [(0, "1st"), (second, "2nd " + CentsScale.text(second, signed: true))])
        case .pure(let pure, let cents, let answered, _):
            let cells = ["first", "second"].enumerated().map { index, which in
                let what = which == pure ? "pure" : CentsScale.text(cents) + " off"
                return "\(index == 0 ? "1st" : "2nd"): \(what)" + (which == answered ? " ◀ you" : "")
            }
            return ["  " + cells[0].padding(toLength: 28, withPad: " ", startingAt: 0) + cells[1]]
        }
    }

    /// Labels, marks and the scale with its end figures.
    private func scale(_ scale: CentsScale, band: Double?, marks: [(cents: Double, label: String)]) -> [String] {
        let total = Self.start + scaleWidth + 8
        var labels = [Character](repeating: " ", count: total), pointers = labels, line = labels
        let low = "−\(Int(scale.range)) c", high = "+\(Int(scale.range)) c"
        for (i, c) in low.enumerated() { line[Self.start - 1 - low.count + i] = c }
        for column in Self.start..<(Self.start + scaleWidth) { line[column] = "─" }
        if let band {
            for column in column(scale.position(-band).fraction)...column(scale.position(band).fraction) { line[column] = "═" }
        }
        line[Self.start] = "├"
        line[Self.start + scaleWidth - 1] = "┤"
        line[column(0.5)] = "┼"
        for (i, c) in high.enumerated() { line[Self.start + scaleWidth + 1 + i] = c }
        let lowest = marks.map(\.cents).min()
        for (index, mark) in marks.enumerated() {
            let (fraction, beyond) = scale.position(mark.cents)
            let at = column(fraction)
            pointers[at] = beyond ? (mark.cents > 0 ? "▶" : "◀") : "▼"
            // One mark: its label ends at it on the right half, starts at it on the left. Two: the
            // lower's ends at it and the higher's starts just after, so they never run together.
            let text = Array(mark.label)
            let endsAtMark = marks.count == 1 ? fraction > 0.5 : mark.cents == lowest && index == marks.firstIndex { $0.cents == lowest }
            let from = min(max(0, endsAtMark ? at - text.count + 1 : at + (marks.count == 1 ? 0 : 1)), total - text.count)
            for (i, c) in text.enumerated() { labels[from + i] = c }
        }
        return [labels, pointers, line].map { String($0).replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
    }
}

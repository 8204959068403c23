import Foundation
import Training

/// An intonation answer as text for `watch`, in the SVG's terms: marks (`▼`) over a scale in
/// cents (`═` the band judged in tune, `┼` in tune, `◀`/`▶` held at an end when beyond it), or
/// versions side by side (a pure question's two).
public struct TextIntonation: Sendable {
    let figure: IntonationFigure
    public let width: Int

    public init(_ figure: CentsFigure, width: Int = 80) {
        self.figure = .cents(figure)
        self.width = width
    }

    public init(_ figure: VersionsFigure, width: Int = 80) {
        self.figure = .versions(figure)
        self.width = width
    }

    /// The scale's columns: its figures either side take 8 each.
    var scaleWidth: Int { max(21, min(61, width - 18)) }
    static let start = 8

    /// The column of `fraction` across the scale.
    public func column(_ fraction: Double) -> Int { Self.start + Int((fraction * Double(scaleWidth - 1)).rounded()) }

    public func rows() -> [String] {
        switch figure {
        case .cents(let figure):
            return scale(figure.scale, band: figure.band, marks: figure.marks.map { ($0.cents, $0.label) })
        case .versions(let figure):
            let cells = figure.versions.map { "\($0.label): \($0.words)" + ($0.isChosen ? " ◀ you" : "") }
            return ["  " + cells.dropLast().map { $0.padding(toLength: 28, withPad: " ", startingAt: 0) }.joined() + (cells.last ?? "")]
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

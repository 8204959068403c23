import Foundation
import Training

/// A rhythm as text for `watch`: one row of notation per pattern, time running proportionally
/// across the bars as in the SVG. Rows, top to bottom: triplets (`3`); beams (`━` over eighths,
/// `═` where sixteenths join) and a lone note's flag (`╮`, `╗`); stems (`│`); the line, with the
/// time signature, bar lines, heads (`●`, `○` for a half or whole), dots (`·`), rests
/// (`𝄻 𝄼 𝄽 𝄾 𝄿`) and ties (`‿`); how each onset was played (`✓` on time, `←` early, `→` late, `✗`
/// missing, `+` an extra note); and the milliseconds, in two rows where marks crowd.
public struct TextRhythm: Sendable {
    public let answer: RhythmAnswer?
    public let meter: Meter
    public let bars: Int
    /// The columns the drawing may take.
    public let width: Int
    let layout: RhythmLayout?

    public init(_ answer: RhythmAnswer, width: Int = 80) {
        self.answer = answer
        layout = RhythmLayout(answer.pattern)
        meter = answer.pattern.meter
        bars = layout?.bars ?? 1
        self.width = width
    }

    /// The empty bars of an open question.
    public init(emptyBars bars: Int, meter: Meter, width: Int = 80) {
        answer = nil
        layout = nil
        self.meter = meter
        self.bars = max(1, bars)
        self.width = width
    }

    /// The time signature takes the first columns; each bar then an equal share of the rest.
    var signatureWidth: Int { meter.rawValue.count + 2 }
    var barWidth: Int { max(8, (width - signatureWidth - 2) / bars) }

    /// The column of a position across bar `bar` (0…1): a column after its bar line, a column
    /// before the next.
    public func column(bar: Int, fraction: Double) -> Int {
        signatureWidth + bar * barWidth + 2 + Int((fraction * Double(barWidth - 3)).rounded())
    }

    /// The rows, without trailing spaces.
    public func rows() -> [String] {
        let total = signatureWidth + bars * barWidth + 1
        var grid = Array(repeating: [Character](repeating: " ", count: total), count: 7)
        let (triplet, beam, stem, line, mark, label) = (0, 1, 2, 3, 4, 5)
        for (i, c) in meter.rawValue.enumerated() { grid[line][1 + i] = c }
        for column in signatureWidth..<(total - 1) { grid[line][column] = "─" }
        for bar in 0...bars { grid[line][min(total - 1, signatureWidth + bar * barWidth)] = bar == bars ? "┃" : "│" }
        if let layout, let answer {
            func col(_ item: RhythmLayout.Item) -> Int { column(bar: item.bar, fraction: item.fraction) }
            for item in layout.items {
                let c = col(item)
                if item.isRest {
                    grid[line][c] = Self.rests[item.shape.base] ?? "𝄽"
                } else {
                    grid[line][c] = item.shape.hollow ? "○" : "●"
                    if item.shape.stemmed { grid[stem][c] = "│" }
                    if item.beam == nil, item.shape.flags > 0 { grid[beam][c] = item.shape.flags == 1 ? "╮" : "╗" }
                }
                if item.shape.dotted, c + 1 < total { grid[line][c + 1] = "·" }
            }
            for group in Set(layout.items.compactMap(\.beam)) {
                let notes = layout.items.filter { $0.beam == group }
                let double = notes.contains { $0.shape.flags == 2 }
                for c in col(notes.first!)...col(notes.last!) { grid[beam][c] = double ? "═" : "━" }
            }
            for group in Set(layout.items.compactMap(\.triplet)) {
                let notes = layout.items.filter { $0.triplet == group }
                grid[triplet][(col(notes.first!) + col(notes.last!)) / 2] = "3"
            }
            for (from, to) in zip(layout.items, layout.items.dropFirst()) where from.tiedToNext {
                for c in (col(from) + 1)..<max(col(from) + 1, col(to)) where grid[line][c] == "─" { grid[line][c] = "‿" }
            }
            var labels: [(column: Int, text: String)] = []
            for (index, onset) in answer.onsets.enumerated() {
                guard let item = layout.item(onset: index) else { continue }
                grid[mark][col(item)] = Character(RhythmAnswer.mark(onset.verdict))
                if onset.verdict != "on_time" { labels.append((col(item), RhythmAnswer.label(onset))) }
            }
            for seconds in answer.extra {
                let place = layout.place(units: answer.units(playedSeconds: seconds))
                let c = column(bar: place.bar, fraction: place.fraction)
                if grid[mark][c] == " " { grid[mark][c] = "+" }
            }
            // Only what was off is labelled: on-time onsets would fill the rows.
            labels.sort { $0.column < $1.column }
            let rows = LabelRows.rows(starts: labels.map { Double($0.column) }, widths: labels.map { Double($0.text.count) }, gap: 1)
            for (entry, row) in zip(labels, rows) {
                for (offset, c) in entry.text.enumerated() where entry.column + offset < total { grid[label + row][entry.column + offset] = c }
            }
        }
        let trimmed = grid.map { String($0).replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
        // Open: the line alone. Answered: beams to marks always (the layout holds still), the
        // triplets and the labels when there are any.
        guard answer != nil else { return [trimmed[line]] }
        return trimmed.enumerated().filter { index, row in (beam...mark).contains(index) || !row.isEmpty }.map(\.1)
    }

    static let rests: [Int: Character] = [48: "𝄻", 24: "𝄼", 12: "𝄽", 6: "𝄾", 3: "𝄿"]
}

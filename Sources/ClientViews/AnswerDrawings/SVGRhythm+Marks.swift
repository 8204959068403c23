import Foundation
import Training

/// How each onset was played, drawn under the rhythm: a mark (✓ ← → ✗), a tick where it was
/// played with a line from its note, and its milliseconds, in as many rows as crowded marks need.
extension SVGRhythm {
    /// How each onset was played, under its note, and the extra notes where they came.
    func marks(_ answer: RhythmAnswer, _ layout: RhythmLayout) -> [String] {
        guard !answer.onsets.isEmpty else { return [] }
        struct Mark { var bar: Int; var x: Double; var label: String; var svg: [String] }
        var marks: [Mark] = []
        for (index, onset) in answer.onsets.enumerated() {
            guard let item = layout.item(onset: index) else { continue }
            let (x, y) = at(item)
            let colour = Self.colours[onset.verdict] ?? "#000000"
            var svg: [String] = []
            if let played = onset.playedSeconds, onset.verdict != "on_time" {
                let place = layout.place(units: answer.units(playedSeconds: played))
                let px = Self.x(place.fraction), py = lineY(place.bar)
                if place.bar == item.bar {
                    svg.append(##"<line class="offset" x1="\##(n(x))" y1="\##(n(y + 11))" x2="\##(n(px))" y2="\##(n(y + 11))" stroke="\##(colour)" stroke-width="2"/>"##)
                }
                svg.append(##"<line class="played" x1="\##(n(px))" y1="\##(n(py + 5))" x2="\##(n(px))" y2="\##(n(py + 16))" stroke="\##(colour)" stroke-width="2.4"/>"##)
            }
            svg.append(##"<text class="verdict" x="\##(n(x))" y="\##(n(y + 32))" font-size="15" font-weight="700" text-anchor="middle" fill="\##(colour)">\##(RhythmAnswer.mark(onset.verdict))</text>"##)
            let words = "\(RhythmJudge.ordinal(index + 1)): \(onset.verdict.replacingOccurrences(of: "_", with: " "))" + (onset.errorMilliseconds.map { ", \($0) ms" } ?? "")
            svg.insert(##"<g class="onset" data-onset="\##(index)" data-verdict="\##(onset.verdict)" data-error-ms="\##(onset.errorMilliseconds.map(String.init) ?? "")" fill="\##(colour)"><title>\##(words)</title>"##, at: 0)
            marks.append(Mark(bar: item.bar, x: x, label: RhythmAnswer.label(onset), svg: svg))
        }
        for (index, seconds) in answer.extra.enumerated() {
            let place = layout.place(units: answer.units(playedSeconds: seconds))
            let x = Self.x(place.fraction), y = lineY(place.bar), colour = Self.colours["extra"]!
            marks.append(Mark(bar: place.bar, x: x, label: "extra", svg: [
                ##"<g class="extra" data-extra="\##(index)" fill="\##(colour)"><title>extra note</title>"##,
                ##"<line class="played" x1="\##(n(x))" y1="\##(n(y + 5))" x2="\##(n(x))" y2="\##(n(y + 16))" stroke="\##(colour)" stroke-width="2.4"/>"##,
                ##"<text class="verdict" x="\##(n(x))" y="\##(n(y + 32))" font-size="15" font-weight="700" text-anchor="middle">+</text>"##,
            ]))
        }
        var parts: [String] = []
        for bar in 0..<bars {
            let here = marks.filter { $0.bar == bar }.sorted { $0.x < $1.x }
            let widths = here.map { Double($0.label.count) * 8 }
            let rows = LabelRows.rows(starts: zip(here, widths).map { $0.x - $1 / 2 }, widths: widths, gap: 6, rows: 3)
            for (mark, row) in zip(here, rows) {
                parts += mark.svg
                parts.append(##"<text class="label" x="\##(n(mark.x))" y="\##(n(lineY(bar) + 47 + 14 * Double(row)))" font-size="13" text-anchor="middle">\##(SVGStaff.escaped(mark.label))</text></g>"##)
            }
        }
        return parts
    }
}

import Foundation
import Training

/// A rhythm as notation on a one-line (percussion) staff, as SVG: the time signature, each bar a
/// row with its bar lines, noteheads with stems, flags or beams, rests, dots, ties and triplets;
/// and, under each onset, how it was played: ✓ on time, ← early, → late, ✗ missing, its
/// milliseconds, a tick where it was played, and `+` for each extra note. Without a pattern it
/// is the empty bars a question shows while open (its meter alone). Every mark carries `data-`
/// attributes, so a test can read what is drawn.
public struct SVGRhythm: Sendable {
    public let meter: Meter
    public let bars: Int
    public let answer: RhythmAnswer?
    let layout: RhythmLayout?

    /// The drawing of an answered rhythm.
    public init(_ answer: RhythmAnswer) {
        self.answer = answer
        layout = RhythmLayout(answer.pattern)
        meter = answer.pattern.meter
        bars = layout?.bars ?? 1
    }

    /// The empty bars of an open question: its meter, nothing of its pattern.
    public init(emptyBars bars: Int, meter: Meter) {
        answer = nil
        layout = nil
        self.meter = meter
        self.bars = max(1, bars)
    }

    /// 340 wide: on a 360 px phone it is drawn a little larger than its units.
    public static let width = 340.0
    static let rowHeight = 128.0, lineOffset = 46.0, left = 40.0, right = 332.0, padLeft = 14.0, padRight = 12.0
    static let colours = ["on_time": "#0b6b1f", "early": "#0a3fa8", "late": "#b3131b", "missing": "#b3131b", "extra": "#8a4b00"]

    public var height: Double { Self.rowHeight * Double(bars) + 4 }
    func lineY(_ bar: Int) -> Double { 4 + Self.rowHeight * Double(bar) + Self.lineOffset }
    /// The x of a position across a bar (0…1).
    static func x(_ fraction: Double) -> Double { left + padLeft + fraction * (right - left - padLeft - padRight) }

    /// The `<svg>` element, to place inside a page.
    public func element(title: String) -> String {
        var body: [String] = [##"<rect width="\##(n(Self.width))" height="\##(n(height))" fill="#ffffff"/>"##]
        body += staff()
        if let layout, let answer {
            body += layout.items.flatMap { value($0, in: layout) }
            body += beams(layout) + ties(layout) + triplets(layout)
            body += marks(answer, layout)
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="rhythm" role="img" width="\(n(Self.width))" height="\(n(height))" viewBox="0 0 \(n(Self.width)) \(n(height))" data-meter="\(meter.rawValue)" data-bars="\(bars)">
            <title>\(SVGStaff.escaped(title))</title>
            \(body.joined(separator: "\n"))
            </svg>
            """
    }

    /// The line of each bar, its bar lines (a double one at the end) and the time signature.
    private func staff() -> [String] {
        var parts: [String] = []
        let (top, bottom) = meter.rawValue.split(separator: "/").map(String.init).pairOrDefault
        let y = lineY(0)
        parts.append(##"<g class="time-signature" data-meter="\##(meter.rawValue)" font-family="serif" font-weight="700" font-size="22" text-anchor="middle" fill="#000000"><text x="20" y="\##(n(y - 2))">\##(top)</text><text x="20" y="\##(n(y + 18))">\##(bottom)</text></g>"##)
        for bar in 0..<bars {
            let y = lineY(bar)
            parts.append(##"<line class="rhythm-line" data-bar="\##(bar)" x1="\##(n(Self.left))" y1="\##(n(y))" x2="\##(n(Self.right))" y2="\##(n(y))" stroke="#000000" stroke-width="1.4"/>"##)
            parts.append(##"<line class="barline" data-bar="\##(bar)" x1="\##(n(Self.left))" y1="\##(n(y - 12))" x2="\##(n(Self.left))" y2="\##(n(y + 12))" stroke="#000000" stroke-width="1.4"/>"##)
            let last = bar == bars - 1
            parts.append(##"<line class="barline" data-bar="\##(bar + 1)" x1="\##(n(Self.right))" y1="\##(n(y - 12))" x2="\##(n(Self.right))" y2="\##(n(y + 12))" stroke="#000000" stroke-width="\##(last ? 4 : 1.4)"/>"##)
        }
        return parts
    }

    func at(_ item: RhythmLayout.Item) -> (x: Double, y: Double) { (Self.x(item.fraction), lineY(item.bar)) }

    /// Stem tops are this far above the line; a beamed group's beam runs at its height.
    static let stem = 30.0

    /// One note (head, stem, a lone note's flags, its dot) or rest.
    private func value(_ item: RhythmLayout.Item, in layout: RhythmLayout) -> [String] {
        let (x, y) = at(item)
        let data = ##"data-index="\##(item.index)" data-units="\##(item.units)" data-base="\##(item.shape.base)" data-bar="\##(item.bar)""##
        var parts: [String] = []
        if item.isRest {
            parts.append(##"<g class="rest" \##(data) transform="translate(\##(n(x)) \##(n(y)))" fill="#000000" stroke="#000000">\##(RestGlyph.svg(item.shape.base))</g>"##)
        } else {
            let fill = item.shape.hollow ? "#ffffff" : "#000000"
            let onset = item.onset.map { ##" data-onset="\##($0)""## } ?? ""
            parts.append(##"<ellipse class="rhythm-note" \##(data)\##(onset) cx="\##(n(x))" cy="\##(n(y))" rx="6.4" ry="4.6" transform="rotate(-20 \##(n(x)) \##(n(y)))" fill="\##(fill)" stroke="#000000" stroke-width="1.6"/>"##)
            if item.shape.stemmed {
                parts.append(##"<line class="stem" x1="\##(n(x + 5.6))" y1="\##(n(y - 1.5))" x2="\##(n(x + 5.6))" y2="\##(n(y - Self.stem))" stroke="#000000" stroke-width="1.4"/>"##)
            }
            if item.beam == nil {
                for flag in 0..<item.shape.flags {
                    let top = y - Self.stem + 7 * Double(flag)
                    parts.append(##"<path class="flag" d="M \##(n(x + 5.6)),\##(n(top)) c 1,7 9,8 7,17" fill="none" stroke="#000000" stroke-width="1.8"/>"##)
                }
            }
        }
        if item.shape.dotted {
            parts.append(##"<circle class="dot" cx="\##(n(x + 11))" cy="\##(n(y - 3.5))" r="2"/>"##)
        }
        return parts
    }

    /// Each beamed group's beam at its stems' tops; a sixteenth's second beam to its neighbour,
    /// or a short one of its own beside an eighth.
    private func beams(_ layout: RhythmLayout) -> [String] {
        let groups = Dictionary(grouping: layout.items.filter { $0.beam != nil }, by: { $0.beam! })
        return groups.keys.sorted().flatMap { key -> [String] in
            let notes = groups[key]!
            let stems = notes.map { at($0).x + 5.6 }
            let y = lineY(notes[0].bar) - Self.stem
            var parts = [##"<rect class="beam" data-beam="\##(key)" x="\##(n(stems.first! - 0.7))" y="\##(n(y))" width="\##(n(stems.last! - stems.first! + 1.4))" height="4.2" fill="#000000"/>"##]
            for (i, note) in notes.enumerated() where note.shape.flags == 2 {
                let next = i + 1 < notes.count && notes[i + 1].shape.flags == 2
                if next {
                    parts.append(##"<rect class="beam" data-beam="\##(key)" x="\##(n(stems[i] - 0.7))" y="\##(n(y + 7))" width="\##(n(stems[i + 1] - stems[i] + 1.4))" height="4.2" fill="#000000"/>"##)
                } else if i == 0 || notes[i - 1].shape.flags != 2 {
                    // Alone among eighths: a stub towards the group's inside.
                    let toward = i + 1 < notes.count ? 9.0 : -9.0
                    let x = toward > 0 ? stems[i] - 0.7 : stems[i] - 9 + 0.7
                    parts.append(##"<rect class="beam" data-beam="\##(key)" x="\##(n(x))" y="\##(n(y + 7))" width="9" height="4.2" fill="#000000"/>"##)
                }
            }
            return parts
        }
    }

    /// A tie under the heads from a note to the next.
    private func ties(_ layout: RhythmLayout) -> [String] {
        zip(layout.items, layout.items.dropFirst()).compactMap { from, to in
            guard from.tiedToNext, !to.isRest else { return nil }
            let (x1, y) = at(from), x2 = at(to).x
            return ##"<path class="tie" d="M \##(n(x1 + 3)),\##(n(y + 7)) Q \##(n((x1 + x2) / 2)),\##(n(y + 16)) \##(n(x2 - 3)),\##(n(y + 7))" fill="none" stroke="#000000" stroke-width="1.5"/>"##
        }
    }

    /// A `3` over each triplet group.
    private func triplets(_ layout: RhythmLayout) -> [String] {
        let groups = Dictionary(grouping: layout.items.filter { $0.triplet != nil }, by: { $0.triplet! })
        return groups.keys.sorted().map { key in
            let notes = groups[key]!
            let middle = (at(notes.first!).x + at(notes.last!).x) / 2 + 5.6
            return ##"<text class="triplet" data-triplet="\##(key)" x="\##(n(middle))" y="\##(n(lineY(notes[0].bar) - Self.stem - 6))" font-size="14" font-style="italic" text-anchor="middle" fill="#000000">3</text>"##
        }
    }
}

extension [String] {
    /// The first two, or empty strings.
    fileprivate var pairOrDefault: (String, String) { (count > 0 ? self[0] : "", count > 1 ? self[1] : "") }
}

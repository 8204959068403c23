import ControlProtocol
import Markup
import Training

/// The staff (bass, treble or grand: `Clef`) as an SVG document that looks like printed notation: five lines, a drawn
/// clef, tilted filled noteheads, ledger lines and accidentals — all paths, so it renders the same
/// without any music font.
///
/// Coordinates: the staff's line gap is `gap` pixels, so a staff step is `gap / 2`; the bottom
/// line (step 0, G2) is at `y(0)`. Every notehead carries `data-step`, `data-note` and `data-role`,
/// so a test can check where it sits.
public struct SVGStaff: Sendable {
    /// Pixels between two staff lines.
    public static let gap = 12.0
    /// Colours by role: the student's notes black, the engine's revealed answers grey, wrong attempts red.
    static let colours = ["answer": "#000000", "root": "#000000", "revealed": "#707070", "wrong": "#d01818"]

    /// Columns, left to right (wrong attempts already put before the note they missed).
    let columns: [StaffEntry]
    /// At least this many columns wide.
    let slots: Int
    /// The document's `<title>`.
    let title: String
    /// The staves and where their lines are.
    let layout: StaffLayout

    /// A staff of `notes`; with `wrong` its wrong attempts (role `wrong`, placed by `slot`) are
    /// drawn in red before the note each one missed.
    public init(_ notes: [StaffEntry], wrong: [StaffEntry] = [], slots: Int = 0, title: String = "bass staff", clef: Clef = .bass) {
        // Wrong attempts are laid out with the notes, so the treble clef moves them alike.
        let kept = notes.filter { $0.role != "wrong" }
        layout = StaffLayout(clef, notes: kept + wrong)
        let drawn = Array(layout.notes.prefix(kept.count))
        let wrong = Array(layout.notes.dropFirst(kept.count))
        var columns: [StaffEntry] = []
        for index in 0...drawn.count {
            columns += wrong.filter { min($0.slot ?? drawn.count, drawn.count) == index }
            if index < drawn.count { columns.append(drawn[index]) }
        }
        self.columns = columns
        self.slots = slots
        self.title = title
    }

    var half: Double { Self.gap / 2 }
    var highStep: Int { max(layout.highestLine + 2, (columns.map(\.step).max() ?? 0) + 2) }
    var lowStep: Int { min(layout.lowestLine - 2, (columns.map(\.step).min() ?? 0) - 2) }
    static let margin = 8.0
    static let firstNoteX = 84.0
    static let spacing = 42.0

    /// The y of a staff step.
    func y(_ step: Int) -> Double { Self.margin + Double(highStep - step) * half }
    /// The x of column `index`'s notehead.
    static func x(_ index: Int) -> Double { firstNoteX + spacing * Double(index) }

    /// The document's size in pixels.
    public var width: Int { Int(Self.x(max(columns.count, slots, 1) - 1) + 36) }
    public var height: Int { Int(2 * Self.margin + Double(highStep - lowStep) * half) }

    /// The SVG document: the XML declaration and `element()`.
    public func document() -> String {
        #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + element()
    }

    /// The `<svg>` element alone, to place inside an HTML page (the web view's staff).
    public func element() -> String {
        let staffEnd = Double(width) - 8
        var body: [String] = [
            ##"<rect width="\##(width)" height="\##(height)" fill="#ffffff"/>"##,
            ##"<g class="staff" stroke="#000000" stroke-width="1.2">"##,
        ]
        for step in layout.lines {
            body.append(##"  <line class="staff-line" data-step="\##(step)" x1="8" y1="\##(n(y(step)))" x2="\##(n(staffEnd))" y2="\##(n(y(step)))"/>"##)
        }
        let (top, bottom) = (y(layout.highestLine), y(layout.lowestLine))
        body.append(##"  <line class="barline" x1="8" y1="\##(n(top))" x2="8" y2="\##(n(bottom))"/>"##)
        body.append(##"  <line class="barline" x1="\##(n(staffEnd))" y1="\##(n(top))" x2="\##(n(staffEnd))" y2="\##(n(bottom))"/>"##)
        body.append("</g>")
        for clef in layout.clefs {
            let at = y(StaffLayout.signStep(clef))
            body.append(clef == .treble ? TrebleClefGlyph.svg(x: 26, y: at, gap: Self.gap) : BassClefGlyph.svg(x: 22, y: at, gap: Self.gap))
        }
        for (index, note) in columns.enumerated() {
            body += self.note(note, x: Self.x(index))
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
            <title>\(Self.escaped(title))</title>
            \(body.joined(separator: "\n"))
            </svg>

            """
    }

    private func note(_ note: StaffEntry, x: Double) -> [String] {
        let colour = Self.colours[note.role] ?? "#000000"
        let cy = y(note.step)
        var parts = note.ledgerLines.map { step in
            ##"<line class="ledger-line" data-step="\##(step)" x1="\##(n(x - 1.15 * Self.gap))" y1="\##(n(y(step)))" x2="\##(n(x + 1.15 * Self.gap))" y2="\##(n(y(step)))" stroke="#000000" stroke-width="1.4"/>"##
        }
        if let sign = note.accidental, !sign.isEmpty {
            parts.append(AccidentalGlyph.svg(sign, x: x - 1.55 * Self.gap, y: cy, gap: Self.gap, colour: colour))
        }
        let (rx, ry) = (0.66 * Self.gap, 0.46 * Self.gap)
        parts.append(##"<ellipse class="notehead" data-step="\##(note.step)" data-note="\##(Self.escaped(note.note))" data-role="\##(note.role)" cx="\##(n(x))" cy="\##(n(cy))" rx="\##(n(rx))" ry="\##(n(ry))" transform="rotate(-20 \##(n(x)) \##(n(cy)))" fill="\##(colour)"/>"##)
        return parts
    }

    static func escaped(_ text: String) -> String { text.markupEscaped }
}

/// A number as SVG wants it: no exponent, at most two decimals, no trailing zeros.
func n(_ value: Double) -> String {
    let hundredths = (value * 100).rounded()
    if hundredths.truncatingRemainder(dividingBy: 100) == 0 { return String(Int(hundredths / 100)) }
    let sign = hundredths < 0 ? "-" : ""
    let magnitude = Int(abs(hundredths))
    let fraction = magnitude % 100
    let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
    return "\(sign)\(magnitude / 100).\(digits)"
}

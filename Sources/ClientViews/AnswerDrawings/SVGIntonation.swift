import Training

/// What an intonation drawing draws, as SVG or as text: marks on a scale in cents, or versions
/// side by side.
enum IntonationFigure: Sendable {
    case cents(CentsFigure)
    case versions(VersionsFigure)

    /// Whether the answer drawn was right: its colour.
    var correct: Bool {
        switch self {
        case .cents(let figure): figure.correct
        case .versions(let figure): figure.correct
        }
    }
}

/// An intonation answer drawn as SVG once it is answered: marks on a scale in cents (a tuned
/// note's error on ±50 c with the band judged in tune; two compared notes as the reference at 0
/// and the second at its offset, on the narrowest scale that holds it), or versions side by side
/// (a pure question's two, the pure one marked). Green where the answer was right, red where
/// wrong. Its marks carry `data-` attributes (`data-cents`, `data-beyond`), so a test can read
/// what is drawn.
public struct SVGIntonation: Sendable {
    let figure: IntonationFigure

    public init(_ figure: CentsFigure) { self.figure = .cents(figure) }

    public init(_ figure: VersionsFigure) { self.figure = .versions(figure) }

    public static let width = 400.0
    static let left = 40.0, right = 360.0, axisY = 58.0
    static let right_ = "#0b6b1f", wrong = "#b3131b", band = "#cfe8d2"

    var colour: String { figure.correct ? Self.right_ : Self.wrong }
    var height: Double { 96 }

    /// The x of `fraction` across the scale.
    static func x(_ fraction: Double) -> Double { left + fraction * (right - left) }

    public func element(title: String) -> String {
        var body = [##"<rect width="\##(n(Self.width))" height="\##(n(height))" fill="#ffffff"/>"##]
        switch figure {
        case .cents(let figure):
            if let band = figure.band {
                let (from, to) = (figure.scale.position(-band).fraction, figure.scale.position(band).fraction)
                body.append(##"<rect class="tolerance" data-cents="\##(n(band))" x="\##(n(Self.x(from)))" y="\##(n(Self.axisY - 9))" width="\##(n(Self.x(to) - Self.x(from)))" height="18" fill="\##(Self.band)"/>"##)
            }
            body += axis(figure.scale)
            for mark in figure.marks {
                body += needle(mark.cents, on: figure.scale, label: mark.label, kind: mark.role, colour: mark.isAnswer ? colour : "#000000", low: !mark.isAnswer)
            }
        case .versions(let figure):
            body += versions(figure)
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="intonation" role="img" width="\(n(Self.width))" height="\(n(height))" viewBox="0 0 \(n(Self.width)) \(n(height))" data-correct="\(figure.correct)">
            <title>\(SVGStaff.escaped(title))</title>
            \(body.joined(separator: "\n"))
            </svg>
            """
    }

    /// The scale's line, its ticks (longer at the ends, the middle and the quarters) and figures.
    private func axis(_ scale: CentsScale) -> [String] {
        var parts = [##"<g class="axis" data-range="\##(n(scale.range))" stroke="#000000">"##,
                     ##"<line x1="\##(n(Self.left))" y1="\##(n(Self.axisY))" x2="\##(n(Self.right))" y2="\##(n(Self.axisY))" stroke-width="1.4"/>"##]
        for (index, tick) in scale.ticks.enumerated() {
            let x = Self.x(scale.position(tick).fraction), long = index % 5 == 0
            parts.append(##"<line x1="\##(n(x))" y1="\##(n(Self.axisY - (long ? 8 : 4)))" x2="\##(n(x))" y2="\##(n(Self.axisY + (long ? 8 : 4)))" stroke-width="\##(index == 10 ? 2 : 1)"/>"##)
            if long {
                let figure = tick == 0 ? "0" : (tick > 0 ? "+" : "−") + n(abs(tick))
                parts.append(##"<text x="\##(n(x))" y="\##(n(Self.axisY + 24))" font-size="13" text-anchor="middle" fill="#000000" stroke="none">\##(figure)</text>"##)
            }
        }
        parts.append(##"<text x="\##(n(Self.right + 8))" y="\##(n(Self.axisY + 4))" font-size="13" fill="#000000" stroke="none">c</text></g>"##)
        return parts
    }

    /// A mark at `cents`: a triangle over the line (an arrow at the end when beyond it) with its label.
    private func needle(_ cents: Double, on scale: CentsScale, label: String, kind: String, colour: String, low: Bool = false) -> [String] {
        let (fraction, beyond) = scale.position(cents)
        let x = Self.x(fraction), tip = Self.axisY - 3
        let shape = beyond
            ? (cents > 0 ? "M \(n(x + 10)),\(n(tip - 8)) l -12,-7 l 0,14 z" : "M \(n(x - 10)),\(n(tip - 8)) l 12,-7 l 0,14 z")
            : "M \(n(x)),\(n(tip)) l -7,-12 l 14,0 z"
        let y = low ? tip - 17 : tip - 22
        let anchor = fraction > 0.85 ? "end" : fraction < 0.15 ? "start" : "middle"
        return [##"<g class="mark" data-kind="\##(kind)" data-cents="\##(n(cents))" data-beyond="\##(beyond)" fill="\##(colour)">"##
            + ##"<path d="\##(shape)"/><text x="\##(n(x))" y="\##(n(y))" font-size="14" font-weight="700" text-anchor="\##(anchor)">\##(SVGStaff.escaped(label))</text></g>"##]
    }

    /// The versions as boxes side by side: the right one says what it is, the others how far they
    /// were; the one the key chose is outlined in the answer's colour.
    private func versions(_ figure: VersionsFigure) -> [String] {
        figure.versions.enumerated().map { index, version in
            let x = 30 + Double(index) * 180, isRight = version.isRight, chosen = version.isChosen
            let outline = chosen ? colour : "#888888"
            return ##"<g class="version" data-version="\##(version.name)" data-pure="\##(isRight)" data-chosen="\##(chosen)">"##
                + ##"<rect x="\##(n(x))" y="14" width="160" height="64" rx="8" fill="\##(isRight ? Self.band : "#f2f2f2")" stroke="\##(outline)" stroke-width="\##(chosen ? 4 : 1.5)"/>"##
                + ##"<text x="\##(n(x + 80))" y="40" font-size="16" text-anchor="middle" fill="#000000">\##(version.label)\##(chosen ? " (you)" : "")</text>"##
                + ##"<text x="\##(n(x + 80))" y="64" font-size="16" font-weight="700" text-anchor="middle" fill="#000000">\##(version.words)</text></g>"##
        }
    }
}

import ControlProtocol
import Training

/// An answer figure drawn: SVG for the web page, text rows for `watch`. A figure is a kind of
/// drawing (a rhythm's notation, a scale in cents, versions side by side), never a kind of
/// exercise: each kind says which figure its answer is (`ExerciseClientText.answerFigure`).
extension AnswerFigure {
    /// The SVG element, for the web page.
    public func svg() -> String {
        switch drawing {
        case .rhythm(let rhythm): SVGRhythm(rhythm).element(title: "the rhythm asked: " + words)
        case .cents(let figure): SVGIntonation(figure).element(title: words)
        case .versions(let figure): SVGIntonation(figure).element(title: words)
        }
    }

    /// The text rows, for `watch`, in `width` columns.
    public func rows(width: Int) -> [String] {
        switch drawing {
        case .rhythm(let rhythm): TextRhythm(rhythm, width: width).rows()
        case .cents(let figure): TextIntonation(figure, width: width).rows()
        case .versions(let figure): TextIntonation(figure, width: width).rows()
        }
    }
}

/// An open question that is heard in bars (a rhythm's): its meter and bars, all that may be drawn
/// of it while it is open (they are public in `status`).
public struct OpenBars: Sendable, Hashable {
    public let meter: Meter
    public let bars: Int

    /// The bars a question's fields give (`meter`, `bars`); nil for a question of no meter.
    public init?(fields: [String: JSONValue]) {
        guard let name = fields["meter"]?.stringValue, let meter = Meter(rawValue: name) else { return nil }
        self.meter = meter
        bars = max(1, Int(fields["bars"]?.numberValue ?? 1))
    }

    public var words: String { "\(meter.rawValue), \(bars == 1 ? "one bar" : "\(bars) bars"): drawn once answered" }
}

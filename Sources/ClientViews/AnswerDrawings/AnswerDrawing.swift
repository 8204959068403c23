import ControlProtocol
import Training

/// What an answer drawing shows, once the question is answered: a rhythm as notation with each
/// onset marked, or an intonation answer on its scale. Read from the events alone, so it never
/// shows more than they give, and they give it only once the question is over.
public enum AnswerDrawing: Sendable, Hashable {
    case rhythm(RhythmAnswer)
    case intonation(IntonationAnswer)

    /// The drawing a judged event's details give; nil when they give none (any other answer, or
    /// a rhythm's wrong try with another to come: no pattern yet).
    public init?(judged details: JSONValue) {
        if let rhythm = RhythmAnswer(details: details) {
            self = .rhythm(rhythm)
        } else if let intonation = IntonationAnswer(details: details) {
            self = .intonation(intonation)
        } else {
            return nil
        }
    }

    /// The answer in words, beside the drawing.
    public var words: String {
        switch self {
        case .rhythm(let rhythm):
            guard !rhythm.onsets.isEmpty else { return "the rhythm asked" }
            let off = rhythm.onsets.count { $0.verdict != "on_time" } + rhythm.extra.count
            let within = rhythm.toleranceMilliseconds.map { " (on time: within \($0) ms)" } ?? ""
            return (off == 0 ? "every onset on time" : "the rhythm asked, and how it was played") + within
        case .intonation(let intonation):
            return intonation.words
        }
    }

    /// What a rhythm's marks mean, where it has them.
    public var legend: String? {
        guard case .rhythm(let rhythm) = self, !rhythm.onsets.isEmpty else { return nil }
        return "✓ on time  ← early  → late  ✗ missing  + extra  (figures in ms)"
    }

    /// The SVG element, for the web page.
    public func svg() -> String {
        switch self {
        case .rhythm(let rhythm): SVGRhythm(rhythm).element(title: "the rhythm asked: " + words)
        case .intonation(let intonation): SVGIntonation(intonation).element(title: intonation.words)
        }
    }

    /// The text rows, for `watch`, in `width` columns.
    public func rows(width: Int) -> [String] {
        switch self {
        case .rhythm(let rhythm): TextRhythm(rhythm, width: width).rows()
        case .intonation(let intonation): TextIntonation(intonation, width: width).rows()
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

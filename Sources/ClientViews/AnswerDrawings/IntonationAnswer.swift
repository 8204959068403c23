import ControlProtocol
import Training

/// An intonation answer as its `note_judged` event gives it, once answered: what a drawing shows.
public enum IntonationAnswer: Sendable, Hashable {
    /// A tuned note (`match`): its signed error in cents (sharp positive) and the tolerance it was
    /// judged by.
    case tuned(cents: Double, tolerance: Double?, correct: Bool)
    /// Two notes compared (`compare`): the second's offset from in tune (sharp positive), and
    /// what the key said (`higher`, `lower`).
    case compared(secondCents: Double, answered: String?, correct: Bool)
    /// Two versions, one pure (`pure`): which (`first`, `second`), how far apart, and what the key said.
    case pure(pure: String, cents: Double, answered: String?, correct: Bool)

    /// The answer in a judged event's details; nil for any other answer.
    public init?(details: JSONValue) {
        guard let cents = details["cents"]?.numberValue else { return nil }
        let correct = details["correct"]?.boolValue == true
        if let compared = details.decoded(as: CompareAnswer.self) {
            self = .compared(secondCents: compared.secondCents, answered: compared.answered, correct: correct)
        } else if let pure = details.decoded(as: PureAnswer.self) {
            self = .pure(pure: pure.pure, cents: cents, answered: pure.answered, correct: correct)
        } else if details["outcome"] == nil {
            self = .tuned(cents: cents, tolerance: details.decoded(as: MatchAnswer.self).map { Double($0.toleranceCents) }, correct: correct)
        } else {
            return nil
        }
    }

    public var correct: Bool {
        switch self {
        case .tuned(_, _, let correct), .compared(_, _, let correct), .pure(_, _, _, let correct): correct
        }
    }

    /// The answer in words, under its drawing: `+17.3 c: sharp, in tune within ±5 c`,
    /// `the second was 12.5 c higher; you said higher`, `the second was pure, 13.7 c apart; you said the first`.
    public var words: String {
        switch self {
        case .tuned(let cents, let tolerance, _):
            let side = abs(cents) < 0.05 ? "in tune" : cents > 0 ? "sharp" : "flat"
            return CentsScale.text(cents, signed: true) + ": \(side)" + (tolerance.map { ", in tune within ±" + CentsScale.text($0) } ?? "")
        case .compared(let second, let answered, _):
            return "the second was \(CentsScale.text(abs(second))) \(second > 0 ? "higher" : "lower")" + (answered.map { "; you said \($0)" } ?? "")
        case .pure(let pure, let cents, let answered, _):
            return "the \(pure) was pure, \(CentsScale.text(cents)) apart" + (answered.map { "; you said the \($0)" } ?? "")
        }
    }
}

/// A scale of cents either side of in tune, for drawing an error or an offset: where a value
/// lies on it (0 at the low end, 1 at the high end), held at its ends.
public struct CentsScale: Sendable, Hashable {
    /// The scale runs from `-range` to `+range` cents.
    public let range: Double

    /// A tuned note's error is drawn on ±50 c: a quarter of a semitone either side.
    public static let tuning = CentsScale(range: 50)
    static let ranges: [Double] = [5, 10, 25, 50, 100]

    public init(range: Double) { self.range = range }

    /// The narrowest of ±5, 10, 25, 50 and 100 c that holds `cents` (a compared offset as small as
    /// 3 c still reads apart from the reference); beyond 100 c, ±100.
    public static func fitting(_ cents: Double) -> CentsScale {
        CentsScale(range: ranges.first { abs(cents) <= $0 } ?? ranges.last!)
    }

    /// Where `cents` lies across the scale (0…1), and whether it lies beyond an end (held there).
    public func position(_ cents: Double) -> (fraction: Double, beyond: Bool) {
        let fraction = (cents + range) / (2 * range)
        return (min(1, max(0, fraction)), fraction < 0 || fraction > 1)
    }

    /// The ticks drawn along it, in cents: every tenth of the range.
    public var ticks: [Double] { (0...20).map { Double($0 - 10) * range / 10 } }

    /// A figure in cents to 0.1 c: `12.5 c`, signed `+17.3 c`, `−4.0 c`.
    public static func text(_ cents: Double, signed: Bool = false) -> String {
        let tenths = (abs(cents) * 10).rounded()
        let sign = signed && tenths > 0 ? (cents > 0 ? "+" : "−") : ""
        return sign + "\(Int(tenths) / 10).\(Int(tenths) % 10) c"
    }
}

/// What a match answer's `note_judged` event adds: the band in cents it was judged in tune by.
public struct MatchAnswer: KindDetails {
    public var toleranceCents: Int

    enum CodingKeys: String, CodingKey {
        case toleranceCents = "tolerance_cents"
    }
}

extension MatchExercise {
    /// A tuned note's error on a scale of ±50 c, with the band judged in tune: `+17.3 c: sharp, in
    /// tune within ±5 c`. The key only confirmed it.
    public static func answerFigure(judged details: JSONValue) -> AnswerFigure? {
        guard let cents = details["cents"]?.numberValue, details["outcome"] == nil else { return nil }
        let tolerance = details.decoded(as: MatchAnswer.self).map { Double($0.toleranceCents) }
        let side = abs(cents) < 0.05 ? "in tune" : cents > 0 ? "sharp" : "flat"
        let words = CentsScale.text(cents, signed: true) + ": \(side)" + (tolerance.map { ", in tune within ±" + CentsScale.text($0) } ?? "")
        let mark = CentsFigure.Mark(cents: cents, label: CentsScale.text(cents, signed: true), role: "answer")
        return AnswerFigure(.cents(CentsFigure(scale: .tuning, band: tolerance, marks: [mark], correct: details["correct"]?.boolValue == true)),
                            words: words)
    }
}

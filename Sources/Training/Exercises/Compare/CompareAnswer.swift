/// What a compare answer's `note_judged` event adds, once answered: the second note's offset
/// from in tune in cents, sharp positive, and what the key said (`higher`, `lower`).
public struct CompareAnswer: KindDetails {
    public var secondCents: Double
    public var answered: String

    enum CodingKeys: String, CodingKey {
        case secondCents = "second_cents", answered
    }
}

extension CompareExercise {
    /// The reference at 0 and the second note at its offset, on the narrowest scale that holds it:
    /// `the second was 12.5 c lower; you said higher`.
    public static func answerFigure(judged details: JSONValue) -> AnswerFigure? {
        guard details["cents"]?.numberValue != nil, let answer = details.decoded(as: CompareAnswer.self) else { return nil }
        let second = answer.secondCents
        let marks = [
            CentsFigure.Mark(cents: 0, label: "1st", role: "reference", isAnswer: false),
            CentsFigure.Mark(cents: second, label: "2nd " + CentsScale.text(second, signed: true), role: "second"),
        ]
        return AnswerFigure(.cents(CentsFigure(scale: .fitting(second), marks: marks, correct: details["correct"]?.boolValue == true)),
                            words: "the second was \(CentsScale.text(abs(second))) \(second > 0 ? "higher" : "lower"); you said \(answer.answered)")
    }
}

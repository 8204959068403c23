/// What a pure answer's `note_judged` event adds, once answered: which was pure (`first`,
/// `second`) and what the key said.
public struct PureAnswer: KindDetails {
    public var pure: String
    public var answered: String
}

extension PureExercise {
    /// The two versions side by side, the pure one and the one the key chose marked: `the second
    /// was pure, 13.7 c apart; you said the first`.
    public static func answerFigure(judged details: JSONValue) -> AnswerFigure? {
        guard let cents = details["cents"]?.numberValue, let answer = details.decoded(as: PureAnswer.self) else { return nil }
        let versions = ["first", "second"].enumerated().map { index, name in
            VersionsFigure.Version(name: name, label: index == 0 ? "1st" : "2nd", words: name == answer.pure ? "pure" : CentsScale.text(cents) + " off",
                                   isRight: name == answer.pure, isChosen: name == answer.answered)
        }
        return AnswerFigure(.versions(VersionsFigure(versions: versions, correct: details["correct"]?.boolValue == true)),
                            words: "the \(answer.pure) was pure, \(CentsScale.text(cents)) apart; you said the \(answer.answered)")
    }
}

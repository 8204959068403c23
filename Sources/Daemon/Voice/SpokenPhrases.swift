import MusicTheory
import Training

/// What the voice says for each event, and when: at once (a feedback word, over whatever sounds)
/// or in turn on the question's timeline (an instruction before the notes, what was heard after
/// the echo, the results). Never the answer while its question is open: a prompt says what is
/// asked (`ExerciseQuestion.spoken`), a wrong note says "wrong", and the answer is named only once
/// it was played right or revealed.
struct SpokenPhrases {
    /// One thing to say.
    struct Line: Sendable, Hashable {
        enum When: Sendable, Hashable {
            /// At once: feedback, heard within moments of the key.
            case now
            /// In its place on the timeline, after what was queued before it.
            case inTurn
        }

        let text: String
        let when: When
    }

    /// The question now open: whether one right note finishes it.
    private var singleAnswer = true
    /// The last question's words, when they only said how to answer: the same again are not said.
    private var lastInstruction: String?
    /// How notes are named (`training.names`) and the open question's tonic, read with its prompt.
    private var naming: (names: NoteNaming, tonic: NoteName) = (.letters, NoteName(.c))
    /// A sung note answered the question and was named: how far off it was is said once it has
    /// ended and been measured whole, before the next question.
    private var sungAwaitingMeasure = false

    mutating func lines(for event: TrainingEvent, cues: AnswerCues) -> [Line] {
        switch event.kind {
        case .sessionStarted:
            // The first question's instruction says what is asked; a summary before it only delays it.
            lastInstruction = nil
            return []
        case .prompt(let prompt):
            let shown = prompt.question.shown
            singleAnswer = shown.answerCount == nil
            sungAwaitingMeasure = false
            naming = (prompt.settings.noteNaming, shown.root.name)
            guard !prompt.isRepeat else { return [] }
            // Words that only say how to answer are said whole once, and again when they change;
            // the same again are a short word.
            let said = shown.spokenWordsInstructOnly ? shown.spoken : nil
            defer { lastInstruction = said }
            return [Line(text: said != nil && said == lastInstruction ? Self.again : shown.spoken, when: .inTurn)]
        case .noteJudged(let judgement) where judgement.cents != nil:
            // An answer in cents closes its question, right or wrong: then what it was, and how far.
            let word = cues == .words ? [Line(text: judgement.correct ? "right" : "wrong", when: .now)] : []
            let outcome = judgement.outcome.map { "\($0), " } ?? ""
            return word + [Line(text: outcome + Self.spokenCents(judgement.cents!), when: .inTurn)]
        case .noteJudged(let judgement):
            guard judgement.correct else { return cues == .words ? [Line(text: "wrong", when: .now)] : [] }
            guard singleAnswer else { return [] }
            let word = cues == .words ? [Line(text: "right", when: .now)] : []
            // A sung note says how far it was from the note in tune too, once it has ended.
            sungAwaitingMeasure = judgement.sung != nil
            return word + [Line(text: judgement.subject.heard, when: .inTurn)]
        case .noteMeasured(let measured):
            // The whole note's cents, not those read as it settled: the next question waited for them.
            guard sungAwaitingMeasure else { return [] }
            sungAwaitingMeasure = false
            return [Line(text: Self.spokenSung(measured.sung), when: .inTurn)]
        case .roundComplete(let round):
            return [Line(text: "round complete, " + Self.count(round.errors, "error"), when: .inTurn)]
        case .answerRevealed(let revealed):
            // A skip of many notes (a scale's rest) is drawn on the staff and heard as it sounds:
            // reading every name aloud took longer than the notes.
            if revealed.reason == .skipped && revealed.answers.count > Self.namedWhenSkipped {
                return [Line(text: "skipped", when: .inTurn)]
            }
            let notes = revealed.answers.map { answer in
                // By letters with its octave, as always; a syllable without one.
                naming.names == .letters ? answer.spelled.spoken : naming.names.spoken(answer.spelled.name, tonic: naming.tonic)
            }.joined(separator: ", ")
            let named = revealed.subjects.count == 1 ? revealed.subjects[0].heard + ": " : ""
            return [Line(text: "the answer: \(named)\(notes)", when: .inTurn)]
        case .sessionEnded(let results):
            let text = "\(Self.count(results.correct, "correct", plural: "correct")), \(Self.count(results.errors, "error")), "
                + Self.spokenLength(results.sessionLength)
            // A drill that finds a threshold says it, per register or interval.
            let thresholds = results.thresholds.map { "\($0.subject.heard): \(Self.spokenCents($0.cents))" }
            return [Line(text: text, when: .inTurn)]
                + (thresholds.isEmpty ? [] : [Line(text: "threshold " + thresholds.joined(separator: ", "), when: .inTurn)])
        }
    }

    /// The most notes a skip's reveal names aloud.
    static let namedWhenSkipped = 3

    /// What is said before a question whose instruction is the one said before it.
    static let again = "listen"

    /// "in tune", "6 cents sharp".
    static func spokenSung(_ sung: SungPitch) -> String {
        sung.inTune ? "in tune" : spokenCents(sung.cents) + (sung.cents > 0 ? " sharp" : " flat")
    }

    /// "12.5 cents", "1 cent", "0.8 cents": to a tenth.
    static func spokenCents(_ cents: Double) -> String {
        let text = String(format: "%.1f", abs(cents))
        let whole = text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        return whole == "1" ? "1 cent" : "\(whole) cents"
    }

    /// "1 error", "3 errors".
    static func count(_ value: Int, _ singular: String, plural: String? = nil) -> String {
        "\(value) \(value == 1 ? singular : plural ?? singular + "s")"
    }

    /// "43 seconds", "2 minutes 5 seconds".
    static func spokenLength(_ length: Duration) -> String {
        let seconds = Int(length.components.seconds)
        guard seconds >= 60 else { return count(seconds, "second") }
        let minutes = count(seconds / 60, "minute")
        return seconds % 60 == 0 ? minutes : "\(minutes) \(count(seconds % 60, "second"))"
    }
}

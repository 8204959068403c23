import ControlProtocol
import Foundation
import MusicTheory
import Training

/// Turns engine events into reports: the line a person reads on stdout
/// (`12.4s  D dorian  E3 ✓  2/8`) and the fields a program reads.
struct EventFormatter {
    /// The question now open: judged notes are named after it.
    private var question: Prompt.Question?
    /// How the open question's notes are named (`training.names`, read with its prompt).
    private var naming = NoteNaming.letters

    mutating func report(_ event: TrainingEvent, seq: Int) -> EventReport {
        let time = event.sessionTime.shortText
        let (type, topic, text, details): (String, Topic, String, JSONValue)
        switch event.kind {
        case .sessionStarted(let started):
            question = nil
            (type, topic) = ("session_started", .session)
            text = "session started: \(Self.describe(started.exercise))"
            details = Wire.value(SessionStartedDetails(exercise: Self.describe(started.exercise), seed: started.randomState))
        case .prompt(let prompt):
            question = prompt.question
            naming = prompt.settings.noteNaming
            (type, topic) = ("prompt", .prompt)
            text = "\(Self.title(prompt.question))  " + Self.ask(prompt.question) + (prompt.isRepeat ? "  (again)" : "")
            // How many notes a counted question asks (a scale's 8, a melody's 4): views show `2/8`.
            details = Wire.value(PromptDetails(
                number: prompt.number, question: EventDetails.question(prompt.question), repeat: prompt.isRepeat,
                staff: StaffEntries.entries(prompt.staff), answerCount: prompt.question.shown.answerCount, sounds: Self.sounds(prompt)))
        case .noteJudged(let judgement):
            (type, topic) = ("note_judged", .answer)
            let name = named(judgement)
            text = judged(judgement, name: name)
            let namesSubject = judgement.correct || (question?.shown.namesSubjectWhileOpen ?? true)
            // `cents` and `outcome` are given once the question is answered, never while it is open.
            details = Wire.value(WithKindFields(NoteJudgedDetails(
                played: judgement.played.description, playedMidi: Int(judgement.played.rawValue), correct: judgement.correct,
                attempt: judgement.attempt, responseSeconds: judgement.responseTime.seconds, sincePromptSeconds: judgement.sincePrompt.seconds,
                staff: StaffEntries.entries(judgement.staff),
                expected: judgement.correct || showsExpected ? EventDetails.expected(judgement.expected) : nil,
                subject: namesSubject ? judgement.subject.description : nil,
                keys: judgement.keys.count > 1 ? judgement.keys.map(\.description) : nil, heardAs: judgement.heardAs,
                cents: judgement.cents ?? judgement.sung?.cents, outcome: judgement.outcome,
                source: judgement.source == .keys ? nil : judgement.source.rawValue, inTune: judgement.sung?.inTune ?? (judgement.source == .listen ? judgement.correct : nil),
                name: name),
                kindFields: judgement.details))
        case .noteMeasured(let measured):
            (type, topic) = ("note_measured", .answer)
            let sung = measured.sung
            text = "\(measured.played) whole note " + String(format: "%+.1f c, ", sung.cents) + sung.how
                + String(format: "  (judged %+.1f c)", measured.judgedCents)
            details = Wire.value(NoteMeasuredDetails(
                played: measured.played.description, subject: measured.correct ? measured.subject.description : nil,
                judgedCents: measured.judgedCents, cents: sung.cents, inTune: sung.inTune))
        case .roundComplete(let round):
            (type, topic) = ("round_complete", .session)
            let errors = round.errors == 1 ? "1 error" : "\(round.errors) errors"
            text = "\(round.title) complete: round \(round.round), \(errors), \(round.duration.shortText)"
            details = Wire.value(WithKindFields(
                RoundCompleteDetails(round: round.round, errors: round.errors, seconds: round.duration.seconds), kindFields: round.details))
        case .answerRevealed(let revealed):
            (type, topic) = ("answer_revealed", .answer)
            let why = revealed.reason == .skipped ? "skipped" : "after too many wrong tries"
            // What was heard rather than named (an interval, a chord, a degree) is named with its answer.
            let heard = question?.shown.namesSubjectWhileOpen == false
                ? revealed.subjects.map(\.description).joined(separator: ", ") + ", " : ""
            text = "answer: \(revealed.answers.map(\.spelled.description).joined(separator: " "))  (\(heard)\(why))"
            details = Wire.value(WithKindFields(AnswerRevealedDetails(
                answers: revealed.answers.map(EventDetails.expected), reason: revealed.reason.rawValue,
                staff: StaffEntries.entries(revealed.staff)), kindFields: revealed.details))
        case .sessionEnded(let results):
            question = nil
            (type, topic) = ("session_ended", .session)
            text = "session ended: " + Self.summary(results)
            details = Wire.value(ResultsReport(results))
        }
        return EventReport(seq: seq, type: type, topic: topic, sessionSeconds: event.sessionTime.seconds,
                           text: "\(time)  \(text)", details: details)
    }

    /// Whether a wrong try may name the expected note: a scale's next degree is shown by its mode,
    /// root and step pattern, and naming it is the drill; an interval's is what the student is
    /// asked to find.
    private var showsExpected: Bool {
        question?.shown.showsExpectedWhileOpen ?? true
    }

    /// `12 correct, 3 errors, error rate 20.0%, average response 1.80s, 60.0s`
    static func summary(_ results: SessionResults) -> String {
        let average = results.averageResponseTime.map { String(format: "%.2fs", $0.seconds) } ?? "-"
        return "\(results.correct) correct, \(results.errors) \(results.errors == 1 ? "error" : "errors"), "
            + String(format: "error rate %.1f%%", results.errorRate * 100)
            + ", average response \(average), \(results.sessionLength.shortText)"
    }

    static func describe(_ exercise: Exercise) -> String {
        exercise.options.summary
    }

    private static func title(_ question: Prompt.Question) -> String {
        question.shown.title
    }

    private static func ask(_ question: Prompt.Question) -> String {
        question.shown.ask
    }

    /// A question of several notes counts them (`2/8`); one of a single answer times it or
    /// counts the tries.
    /// The notes a prompt sounds, by name, where the question names what it asks; a question
    /// that is heard, not named (an interval heard), would give its answer away.
    private static func sounds(_ prompt: Prompt) -> [String]? {
        guard prompt.question.shown.namesSubjectWhileOpen else { return nil }
        return prompt.sounds.notes.map(\.description)
    }

    private func judged(_ judgement: NoteJudgement, name: String?) -> String {
        guard let sung = judgement.sung else {
            guard judgement.source == .listen else { return keyJudged(judgement, name: name) }
            return keyJudged(judgement, name: name) + (judgement.clapped ? "  (clapped)" : "  (sung)")
        }
        // A sung or bowed note: as a key's line, then how far from the note in tune.
        return keyJudged(judgement, name: name) + "  (sung " + String(format: "%+.1f c", sung.cents) + ", \(sung.how))"
    }

    /// A right note's name in the student's naming (`mi`), nil by letters, for a chord, or
    /// before a question is open.
    private func named(_ judgement: NoteJudgement) -> String? {
        guard naming != .letters, judgement.correct, judgement.keys.count <= 1, judgement.described == nil, let question else { return nil }
        return naming.shown(judgement.expected.spelled.name, tonic: question.shown.root.name)
    }

    /// The judged key's line; `name`, the right note's syllable, follows the key (`E3 (re) ✓`).
    private func keyJudged(_ judgement: NoteJudgement, name: String?) -> String {
        let mark = judgement.correct ? "✓" : "✗"
        let played = (judgement.described ?? judgement.keys.map(\.description).joined(separator: "+")) + (name.map { " (\($0))" } ?? "")
        guard let question else { return "\(played) \(mark)" }
        if let total = question.shown.answerCount {
            let done = judgement.staff.notes.filter { $0.role == .answer }.count
            let wrong = judgement.correct ? "" : showsExpected ? "  expected \(judgement.expected)" : "  try \(judgement.attempt)"
            let heard = judgement.heardAs.map { "  (you played \($0))" } ?? ""
            return "\(Self.title(question))  \(played) \(mark)\(wrong)  \(done)/\(total)\(heard)"
        }
        if let cents = judgement.cents, let outcome = judgement.outcome {
            // A comparison's answer is one try: what it was, and how far apart, right or wrong.
            let time = judgement.correct ? String(format: "  %.2fs", judgement.sincePrompt.seconds) : ""
            return "\(Self.title(question))  \(played) \(mark)  (\(judgement.subject): \(outcome), \(String(format: "%.1f c", cents)))\(time)"
        }
        if let cents = judgement.cents {  // a tuned answer: its error, whichever key confirmed it
            let how = judgement.correct ? "in tune" : cents > 0 ? "sharp" : "flat"
            return "\(Self.title(question))  \(mark)  " + String(format: "%+.1f c", cents)
                + "  (\(how), \(judgement.subject))  " + String(format: "%.2fs", judgement.sincePrompt.seconds)
        }
        let detail = judgement.correct
            ? String(format: "%.2fs", judgement.sincePrompt.seconds) : "try \(judgement.attempt)"
        // What was asked without being named (an interval heard) is named once it is answered.
        let named = judgement.correct && !question.shown.namesSubjectWhileOpen ? "  (\(judgement.subject))" : ""
        let heard = judgement.heardAs.map { "  (you played \($0))" } ?? ""
        return "\(Self.title(question))  \(played) \(mark)\(named)  \(detail)\(heard)"
    }
}

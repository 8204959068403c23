import MusicTheory
import Training

/// A kind that exists only in the tests (DaemonTests, StatisticsTests), added through `ExerciseCatalog.$added`: two notes sound
/// together (a major third or a perfect fifth above `low`) and the student holds both keys. It
/// shows what a new kind needs: its options, its question as shown, and an open question that
/// takes a group of keys (a press alone decides nothing; the second key held does).
public struct DyadExercise: ExerciseModule {
    public typealias Question = DyadQuestion
    public static let kind = ExerciseKind(declaring: "dyad")
    public static var defaults: DyadExercise { DyadExercise(low: MIDINote(48)) }

    /// The lower note of every dyad.
    public var low: MIDINote

    public init(low: MIDINote) {
        self.low = low
    }

    public static func options(from params: ExerciseParams, over base: DyadExercise) throws(ExerciseParams.Refusal) -> DyadExercise {
        guard let number = try params.int("low") else { return base }
        guard (0...115).contains(number) else { throw ExerciseParams.Refusal("low must be 0-115, got \(number)") }
        return DyadExercise(low: MIDINote(number))
    }

    public static func options<Reader: ExerciseOptionsReader>(reading section: inout Reader) throws(Reader.Failure) -> DyadExercise {
        DyadExercise(low: MIDINote(try section.int("low", defaults.low.rawValue, in: 0...115)))
    }

    public func validate() throws(TrainingError) {}
    public var summary: String { "dyads above \(low)" }
    public var statusRoot: String { low.description }
    public var sessionColumns: SessionColumns { SessionColumns(root: low.description) }
    public static func watchQuestion(_ question: DyadQuestion.Details) -> String { "from \(question.root)" }

    public func openQuestion(after previous: (any OpenQuestion)?, context: inout QuestionContext) -> any OpenQuestion {
        let interval = try! ["M3", "P5"].map(SpelledInterval.init(parsing:)).randomElement(using: &context.random)!
        let subject = DyadQuestion.subject(interval)
        context.asked(subject)
        return OpenDyad(
            shown: DyadQuestion(root: low.spelled), top: MIDINote(low.rawValue + interval.semitones),
            subject: subject, promptTime: context.time)
    }
}

/// A dyad as shown while open: its lower note only.
public struct DyadQuestion: ExerciseQuestion {
    /// The dyad's interval is shown in the question, so a wrong try may name it.
    public var namesSubjectWhileOpen: Bool { true }
    public static var kind: ExerciseKind { DyadExercise.kind }
    public let root: SpelledNote
    public var title: String { "dyad" }
    public var ask: String { "hold both notes above \(root)" }
    public var text: String { "hold both notes above \(root)" }
    public var tuningRoot: MIDINote? { try? root.midiNote() }
    public var details: Details { Details(root: root.description) }
    public struct Details: KindDetails {
        public var root: String
    }
    public var answerColumns: AnswerColumns { AnswerColumns(root: root.description) }

    public static func subject(_ interval: SpelledInterval) -> AnswerSubject {
        AnswerSubject(category: "dyad", label: "dyad \(interval)", value: .string(interval.description), order: [interval.semitones])
    }
}

/// A dyad waiting for both its keys to be held at once.
struct OpenDyad: OpenQuestion {
    let shown: DyadQuestion
    let top: MIDINote
    let subject: AnswerSubject
    let promptTime: Duration
    var held: [MIDINote] = []
    var attempt = 1

    var question: any ExerciseQuestion { shown }
    var low: MIDINote { try! shown.root.midiNote() }
    var sounds: [SoundPhrase] { [SoundPhrase([low, top], together: true)] }
    var staff: Staff { Staff([StaffNote(shown.root, role: .root)]) }

    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep {
        held.append(note)
        guard held.count == 2 else { return QuestionStep() }
        let correct = Set(held) == [low, top]
        let time = context.time - promptTime
        if correct { context.right(subject, firstTry: attempt == 1, responseTime: time) }
        else { context.wrong(subject, played: Interval(rawValue: (note.rawValue - low.rawValue + 120) % 12)!) }
        let judgement = NoteJudgement(
            expected: ExpectedNote(spelled: top.spelled, midiNote: top, exactOctaveRequired: true), played: note,
            velocity: velocity, correct: correct, subject: subject, attempt: attempt, responseTime: time, sincePrompt: time,
            staff: correct ? Staff([StaffNote(shown.root, role: .root), StaffNote(top.spelled, role: .answer)]) : staff)
        attempt += 1
        held = []
        if correct { context.finishedQuestion() }
        return QuestionStep([.noteJudged(judgement)], finished: correct)
    }

    mutating func release(_ note: MIDINote, context: inout QuestionContext) -> QuestionStep {
        held.removeAll { $0 == note }
        return QuestionStep()
    }

    mutating func skip(context: inout QuestionContext) -> QuestionStep {
        context.skippedQuestion()
        context.revealed(subject, skipped: true)
        let revealed = AnswerRevealed(
            answers: [ExpectedNote(spelled: top.spelled, midiNote: top, exactOctaveRequired: true)], subjects: [subject],
            reason: .skipped, sounds: sounds, staff: Staff([StaffNote(shown.root, role: .root), StaffNote(top.spelled, role: .revealed)]))
        return QuestionStep([.answerRevealed(revealed)], finished: true)
    }
}

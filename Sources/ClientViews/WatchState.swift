import ControlProtocol
import MusicTheory
import Training

/// What `eartrainctl watch` knows of the session, folded from `status` and then from each event.
/// Pure: the same events always give the same state, so the screen can be tested without a daemon.
public struct WatchState: Sendable {
    /// Whether a session runs.
    public var running = false
    /// What the session trains, once known.
    public var kind: ExerciseKind?
    /// The exercise, e.g. `D dorian scale`.
    public var exercise = ""
    /// The open question as the student reads it, e.g. `major third up from C3`.
    public var question = ""
    /// The question's root, e.g. `D3`.
    public var root: String?
    /// What the kind shows beside the root, e.g. `steps W-H-W-W-W-H-W`, `interval M3`.
    public var detail: String?
    /// Whether the question asks for several notes it counts (a scale's 8): progress is shown.
    public var counted = false
    /// Notes right so far in a counted question, of `total`.
    public var progress = 0
    public var total = 8
    /// The number of the open question (round or interval question).
    public var questionNumber = 0
    /// What the staff shows now.
    public var staff: [StaffEntry] = []
    /// The question just finished (its full staff), shown until the next note is played.
    public var finishedRound: [StaffEntry]?
    /// The last note judged: what to print and whether it was right (nil: neither, e.g. revealed).
    /// A wrong try at an interval does not name the answer; the reveal does.
    public var lastAnswer: (text: String, correct: Bool?)?
    /// The keys judged in the open question, in order (at most `judgedLimit`): what the web view
    /// shows green or red. Each is what was played, never the answer of a wrong try.
    public var judged: [JudgedNote] = []
    /// How many judged keys are kept.
    public static let judgedLimit = 16
    public var correct = 0
    public var errors = 0
    /// Sum and count of correct answers' response times.
    public var responseTotal = 0.0
    public var responseCount = 0
    /// Session seconds as of the last event or status.
    public var sessionSeconds = 0.0
    /// The results, once the session ended.
    public var results: ResultsReport?
    /// The clef the staff is drawn in: the command line's, else the daemon's (`status`).
    public var clef: Clef = .auto
    /// The last answer drawn (a rhythm's notation with each onset marked, an intonation answer on
    /// its scale), once its question closed; kept until the next answer, as `lastAnswer` is.
    public var answerDrawing: AnswerFigure?
    /// The open question's meter and bars, where it has them: the empty bars shown while it is open.
    public var openBars: OpenBars?
    /// The open question's last play-back judged (its details), which a reveal draws with the pattern.
    var playBack: JSONValue?
    /// What the listening input hears now (`listen` events), nil when it sends nothing; kept
    /// across sessions.
    public var heard: ListenReading?

    /// An empty state: no session; the listening input's reading, when one is known.
    public init(heard: ListenReading? = nil) {
        self.heard = heard
    }

    /// Errors over all judged notes (0 when none).
    public var errorRate: Double { correct + errors == 0 ? 0 : Double(errors) / Double(correct + errors) }
    /// Average response of correct answers, if any.
    public var averageResponse: Double? { responseCount == 0 ? nil : responseTotal / Double(responseCount) }

    /// The state as `status` describes a running session (before any event arrives).
    public mutating func apply(status session: SessionStatus?) {
        guard let session else { return }
        running = true
        kind = session.kind
        let text = Self.text(of: session.kind)
        exercise = text?.watchTitle(fields: session.fields, root: session.root) ?? session.kind.rawValue
        question = session.prompt ?? ""
        root = session.root
        detail = text?.watchDetail(fields: nil, prompt: session.prompt)
        counted = text?.countsNotes ?? (session.total != nil)
        progress = session.progress ?? 0
        total = session.total ?? 8
        correct = session.correct
        errors = session.errors
        sessionSeconds = session.elapsedSeconds
        staff = session.staff?.notes ?? []
        judged = Self.judged(session.staff)
        openBars = OpenBars(fields: session.fields)
        if let chosen = session.clef { clef = chosen }
    }

    /// Folds one event in: its details as its type's message (`EventBody`), the kind's own fields
    /// read by the kind.
    public mutating func apply(_ event: EventReport) {
        sessionSeconds = event.sessionSeconds
        switch event.body {
        case .sessionStarted(let started):
            self = WatchState(heard: heard)
            running = true
            exercise = started.exercise
        case .prompt(let prompt):
            let question = prompt.question
            kind = question["kind"]?.stringValue.flatMap(ExerciseKind.named)
            root = question["root"]?.stringValue
            questionNumber = prompt.number
            let fields = question.objectValue
            let text = kind.flatMap(Self.text(of:))
            detail = text?.watchDetail(fields: fields, prompt: nil)
            self.question = text?.watchQuestion(fields: fields) ?? ""
            counted = text?.countsNotes ?? (prompt.answerCount != nil)
            if !prompt.repeat {
                // Keep the finished question on screen until the next note, or it would vanish at once.
                finishedRound = staff.contains { $0.role != "root" } ? staff : nil
                staff = prompt.staff
                judged = []
                openBars = OpenBars(fields: fields)
                playBack = nil
                progress = 0
                total = prompt.answerCount ?? total
            }
        case .noteJudged(let judgement):
            // A tuned answer (`match`: cents, no outcome) is its error in cents, drawn once answered;
            // the key only confirmed it. A comparison's answer (an outcome) is its key.
            let tuned = judgement.outcome == nil ? judgement.cents : nil
            // A right note's syllable follows it when the student names notes so (`E3 (re)`).
            let played = tuned.map { String(format: "%+.1f c", $0) } ?? judgement.played + (judgement.name.map { " (\($0))" } ?? "")
            if judgement.correct {
                correct += 1
                responseTotal += judgement.responseSeconds
                responseCount += 1
                lastAnswer = ("\(played) ✓" + Self.inCents(judgement), true)
            } else {
                errors += 1
                // An answer in cents is one try: what it was and how far, not the try's number.
                let after = judgement.outcome == nil ? "  \(wrongTryNote(judgement))" : Self.inCents(judgement)
                lastAnswer = ("\(played) ✗" + after, false)
            }
            finishedRound = nil
            judged = Array((judged + [JudgedNote(played: played, correct: judgement.correct)]).suffix(Self.judgedLimit))
            // The question's drawing once it is over; a wrong try with another to come draws nothing.
            answerDrawing = kind.flatMap(Self.text(of:))?.answerFigure(judged: event.details)
            if event.details["onsets"] != nil { playBack = event.details }
            staff = judgement.staff
            progress = staff.filter { $0.role == "answer" }.count
        case .answerRevealed(let revealed):
            let why = revealed.reason == "skipped" ? "skipped" : "too many tries"
            lastAnswer = ("answer \(revealed.answers.map(\.note).joined(separator: " "))  (\(why))", nil)
            answerDrawing = kind.flatMap(Self.text(of:))?.answerFigure(revealed: event.details, playBack: playBack)
            staff = revealed.staff
        case .sessionEnded(let report):
            running = false
            results = report
        case .listen(let reading):
            heard = reading
        case .noteMeasured(let measured):
            // A sung note measured whole once it ended: the last answer says the whole note's cents.
            if let last = lastAnswer {
                lastAnswer = (last.text + String(format: "  whole %+.1f c", measured.cents), last.correct)
            }
        case .roundComplete, .device, .unknown:
            break
        }
    }

    /// What follows a wrong note. The expected note is named only where the kind says it is no
    /// secret (a scale's next degree: the mode and the step pattern are on screen, and naming the
    /// degree is the lesson); where it is the answer asked for (an interval's), only the try is counted.
    private func wrongTryNote(_ judgement: NoteJudgedDetails) -> String {
        if let cents = judgement.cents { return cents > 0 ? "sharp" : "flat" }
        if let kind, Self.text(of: kind)?.showsExpectedWhileOpen == true {
            return "expected \(judgement.expected?.note ?? "?")"
        }
        return "try \(judgement.attempt)"
    }

    /// What a comparison's answer was about, given once it is answered: `  higher, 12.5 c`,
    /// `  the second was pure, 13.7 c`; empty for any other answer (a tuned one shows its error).
    static func inCents(_ judgement: NoteJudgedDetails) -> String {
        guard let cents = judgement.cents, let outcome = judgement.outcome else { return "" }
        return "  \(outcome), " + String(format: "%.1f c", cents)
    }

    /// How the kind words its reports, when this client knows the kind.
    static func text(of kind: ExerciseKind) -> (any ExerciseModule.Type)? {
        ExerciseCatalog.module(named: kind.rawValue)
    }

    /// The keys judged so far in a question as `status` draws it: each wrong attempt just before
    /// the note it missed (its `slot`), the right ones in order.
    static func judged(_ staff: RoundStaff?) -> [JudgedNote] {
        guard let staff else { return [] }
        let right = staff.notes.filter { $0.role == "answer" }
        var judged: [JudgedNote] = []
        for index in 0...right.count {
            judged += staff.wrong.filter { min($0.slot ?? right.count, right.count) == index }
                .map { JudgedNote(played: $0.note, correct: false) }
            if index < right.count { judged.append(JudgedNote(played: right[index].note, correct: true)) }
        }
        return Array(judged.suffix(judgedLimit))
    }
}

/// A key judged in the open question: the note played and whether it was right.
public struct JudgedNote: Sendable, Hashable {
    /// The note played, e.g. `F#3`.
    public var played: String
    public var correct: Bool

    public init(played: String, correct: Bool) {
        self.played = played
        self.correct = correct
    }
}

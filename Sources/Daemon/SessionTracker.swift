import ControlProtocol
import MusicTheory
import Training

/// What `status` says of the running session, kept up to date from the engine's own events.
struct SessionTracker {
    private(set) var running = false
    private var exercise: Exercise?
    private var question: Prompt.Question?
    private var correct = 0
    private var errors = 0
    private var progress = 0
    private(set) var startedAt: Duration = .zero
    private var seed: UInt64 = 0
    private(set) var lastResults: SessionResults?
    /// The open question's staff with its wrong attempts, and the one finished before it.
    private var staff: RoundStaff?
    private var lastStaff: RoundStaff?

    /// Whether the open question's answering keys sound (not a `match`, answered by the wheel:
    /// its key only confirms, and must not sound over the note being tuned).
    var keysSound: Bool { question?.shown.keysSound ?? true }

    /// The root of the open question, the note every key is tuned against.
    var currentRoot: MIDINote? {
        question?.shown.tuningRoot
    }

    mutating func apply(_ event: TrainingEvent, at now: Duration) {
        switch event.kind {
        case .sessionStarted(let started):
            // `session.results` is the last *finished* session's: a new one leaves it in place
            // until it ends (it was cleared here, so starting a session hid the last results).
            let finished = lastResults
            self = SessionTracker()
            running = true
            exercise = started.exercise
            seed = started.randomState
            startedAt = now - event.sessionTime
            lastResults = finished
        case .prompt(let prompt):
            question = prompt.question
            if !prompt.isRepeat {
                progress = 0
                if let staff { lastStaff = staff }
                staff = RoundStaff(question: prompt.question.shown.text, notes: StaffEntries.entries(prompt.staff))
            }
        case .noteJudged(let judgement):
            if judgement.correct {
                correct += 1
                progress = judgement.staff.notes.filter { $0.role == .answer }.count
                staff?.notes = StaffEntries.entries(judgement.staff)
            } else {
                errors += 1
                // A kind that starts an attempt again (a melody) draws less after a wrong note.
                progress = judgement.staff.notes.filter { $0.role == .answer }.count
                staff?.notes = StaffEntries.entries(judgement.staff)
                let drawn = judgement.staff.notes.count
                if staff != nil, let question {
                    let target = question.shown.wrongTryPlace(judgement.played, drawn: drawn)
                    let wrong = StaffEntries.wrong(judgement.played, target: target, drawn: drawn)
                    staff!.wrong.append(wrong)
                    // Only the latest few: a key held down or a cat on the keyboard must not grow `status`.
                    if staff!.wrong.count > StaffEntries.wrongKept { staff!.wrong.removeFirst() }
                }
            }
        case .answerRevealed(let revealed):
            staff?.notes = StaffEntries.entries(revealed.staff)
        case .roundComplete, .noteMeasured:
            break
        case .sessionEnded(let results):
            running = false
            if let staff { lastStaff = staff }
            staff = nil
            question = nil
            lastResults = results
        }
    }

    func status(now: Duration, tuning: TuningSystem, clef: Clef) -> SessionStatus? {
        guard running, let exercise else { return nil }
        var status = SessionStatus(
            kind: exercise.kind, fields: exercise.options.statusFields, root: exercise.options.statusRoot, correct: correct,
            errors: errors, elapsedSeconds: (now - startedAt).secondsToTheMillisecond, prompt: nil, progress: nil, total: nil,
            seed: seed, tuning: tuning)
        status.staff = staff
        status.lastStaff = lastStaff
        status.clef = clef
        if let shown = question?.shown {
            status.fields.merge(shown.statusFields) { _, asked in asked }
            status.root = shown.root.description
            status.prompt = shown.text
            if let total = shown.answerCount {
                status.progress = progress
                status.total = total
            }
        }
        return status
    }
}

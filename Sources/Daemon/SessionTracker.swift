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
    /// Where the open question's wrong attempts are placed (see `StaffEntries.targets`).
    private var targets: [SpelledNote] = []

    /// Whether the open question is an interval.
    var asksInterval: Bool {
        if case .interval = question { return true }
        return false
    }

    /// The root of the open question, the note every key is tuned against.
    var currentRoot: MIDINote? {
        switch question {
        case .scale(let scale): return try? scale.root.midiNote()
        case .interval(let interval): return interval.rootNote
        case nil: return nil
        }
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
                staff = RoundStaff(question: Self.text(prompt.question), notes: StaffEntries.entries(prompt.staff))
                targets = StaffEntries.targets(prompt.question)
            }
        case .noteJudged(let judgement):
            if judgement.correct {
                correct += 1
                progress = judgement.staff.notes.filter { $0.role == .answer }.count
                staff?.notes = StaffEntries.entries(judgement.staff)
            } else {
                errors += 1
                let drawn = judgement.staff.notes.count
                if staff != nil, !targets.isEmpty {
                    let wrong = if case .interval(let interval) = question {
                        StaffEntries.wrong(judgement.played, interval: interval, drawnRoot: targets[0], drawn: drawn)
                    } else {
                        StaffEntries.wrong(judgement.played, target: targets[min(drawn, targets.count - 1)], drawn: drawn)
                    }
                    staff!.wrong.append(wrong)
                    // Only the latest few: a key held down or a cat on the keyboard must not grow `status`.
                    if staff!.wrong.count > StaffEntries.wrongKept { staff!.wrong.removeFirst() }
                }
            }
        case .answerRevealed(let revealed):
            staff?.notes = StaffEntries.entries(revealed.staff)
        case .roundComplete:
            break
        case .sessionEnded(let results):
            running = false
            if let staff { lastStaff = staff }
            staff = nil
            question = nil
            lastResults = results
        }
    }

    func status(now: Duration, tuning: TuningSystem) -> SessionStatus? {
        guard running, let exercise else { return nil }
        var status = SessionStatus(
            kind: exercise.kind, mode: nil, intervals: nil, root: "random", correct: correct, errors: errors,
            elapsedSeconds: (now - startedAt).secondsToTheMillisecond, prompt: nil, progress: nil, total: nil, seed: seed,
            tuning: tuning)
        switch exercise {
        case .scale(let scale):
            status.mode = scale.mode.name
            status.root = scale.root.description
        case .interval(let interval):
            status.intervals = interval.intervals.map(\.description)
            status.direction = interval.direction
            status.root = interval.root?.description ?? "random"
        }
        status.staff = staff
        status.lastStaff = lastStaff
        switch question {
        case .scale(let scale):
            status.mode = scale.scale.mode.name
            status.root = scale.root.description
            status.prompt = "\(scale.scale.root) \(scale.scale.mode.name)  \(scale.stepPattern)"
            status.progress = progress
            status.total = scale.expected.count
        case .interval(let interval):
            status.root = interval.root.description
            status.prompt = interval.text
        case nil:
            break
        }
        return status
    }

    private static func text(_ question: Prompt.Question) -> String {
        switch question {
        case .scale(let scale): scale.text
        case .interval(let interval): interval.text
        }
    }
}

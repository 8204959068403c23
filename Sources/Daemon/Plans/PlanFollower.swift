import ControlProtocol
import Foundation
import Synchronization
import Training

/// Follows a lesson plan for the daemon's student (docs/plans.md): counts the judged answers of
/// each session of the current lesson's exercise, judges the lesson's goal when such a session
/// ends, and moves the plan on (or back) as the lesson says, keeping where the student is in the
/// progress file. At start, and with a new plan, the lesson's answers so far are read back from
/// the statistics (`stored`), so a restart in the middle of a lesson loses none of them.
public final class PlanFollower: EventFollower {
    /// One stored answer as a goal counts it, oldest first.
    public typealias StoredAnswers = @Sendable (_ profile: String, _ since: Date, _ exercise: Exercise) -> [(correct: Bool, attempt: Int, cents: Double?)]

    /// What a judged session did to the plan, for the daemon to prepare and say.
    public struct Judged: Sendable {
        /// The plan's status after it.
        public let status: PlanStatus
        /// The lesson now current (nil once the plan is complete).
        public let lesson: Lesson?
        /// Whether the plan moved to another lesson (or to its end).
        public let moved: Bool
        /// One line: what the lesson reached, and where the plan goes.
        public let words: String
    }

    struct State {
        var plan: LessonPlan
        var progress: PlanProgress
        var tally: LessonTally
        /// The running session is one of the lesson's.
        var counting = false
    }

    private let state = Mutex<State?>(nil)
    private let file: PlanProgressFile
    private let profile: String
    private let stored: StoredAnswers
    private let now: @Sendable () -> Date
    private let judged: @Sendable (Judged) -> Void
    private let problem: @Sendable (String) -> Void

    /// A follower of no plan yet (`follow(_:)` gives it one); `judged` hears each judged session,
    /// `problem` a progress file that could not be written.
    public init(file: PlanProgressFile, profile: String, stored: @escaping StoredAnswers, now: @escaping @Sendable () -> Date = Date.init,
                judged: @escaping @Sendable (Judged) -> Void, problem: @escaping @Sendable (String) -> Void) {
        self.file = file
        self.profile = profile
        self.stored = stored
        self.now = now
        self.judged = judged
        self.problem = problem
    }

    /// Follows `plan` from where the progress file says the student is in it (its first lesson
    /// when the file names another plan or a lesson it no longer has); nil follows none. Returns
    /// the current lesson, nil when there is no plan or it is complete.
    @discardableResult
    public func follow(_ plan: LessonPlan?) -> Lesson? {
        guard let plan else {
            state.withLock { $0 = nil }
            return nil
        }
        let kept = file.load(profile: profile)
        let progress: PlanProgress
        if let kept, kept.plan == plan.name, plan.index(of: kept.lesson) != nil {
            progress = kept
        } else {
            progress = PlanProgress(plan: plan.name, lesson: plan.lessons[0].id, since: now())
            if let failure = file.save(progress, profile: profile) { problem(failure) }
        }
        let lesson = plan.lessons[plan.index(of: progress.lesson) ?? 0]  // there: kept only when it is
        var tally = LessonTally(limit: lesson.goal.over)
        for answer in stored(profile, progress.since, lesson.exercise) {
            tally.add(correct: answer.correct, attempt: answer.attempt, cents: answer.cents)
        }
        state.withLock { $0 = State(plan: plan, progress: progress, tally: tally) }
        return progress.complete ? nil : lesson
    }

    /// The plan followed, nil for none.
    public var plan: LessonPlan? {
        state.withLock { $0?.plan }
    }

    /// The plan and where the student is in it, as `plan.get` returns them; nil without a plan.
    public var result: PlanResult? {
        guard let status, let lessons else { return nil }
        return PlanResult(plan: status, lessons: lessons)
    }

    /// Where the student is, as `status` shows it; nil without a plan.
    public var status: PlanStatus? {
        state.withLock { $0.map(Self.status) }
    }

    /// Every lesson of the plan, for `plan.get`; nil without a plan.
    public var lessons: [PlanLessonEntry]? {
        state.withLock { state in
            state?.plan.lessons.enumerated().map { offset, lesson in
                PlanLessonEntry(number: offset + 1, id: lesson.id, title: lesson.title,
                                exercise: EventFormatter.describe(lesson.exercise), goal: lesson.goal.summary)
            }
        }
    }

    public func follow(_ report: EventReport, event: TrainingEvent?) {
        guard let event else { return }
        switch event.kind {
        case .sessionStarted(let started):
            let student = report.sessionProfile ?? profile
            state.withLock { state in
                guard var current = state else { return }
                current.counting = student == profile && !current.progress.complete && started.exercise == current.lesson.exercise
                state = current
            }
        case .noteJudged(let judgement):
            state.withLock { state in
                guard state?.counting == true else { return }
                state!.tally.add(judgement)
            }
        case .sessionEnded:
            if let result = judge() { judged(result) }
        default:
            break
        }
    }

    /// Judges the lesson when the session that ended was one of its own, moving the plan.
    private func judge() -> Judged? {
        let (result, save) = state.withLock { state -> (Judged?, PlanProgress?) in
            guard var current = state, current.counting else { return (nil, nil) }
            current.counting = false
            let lesson = current.lesson
            let progress = lesson.goal.progress(current.tally)
            var words = "lesson \(current.number), \(lesson.title): " + Self.status(current).reached
            let target: LessonTarget? = progress.met ? lesson.onPass : progress.judged && lesson.onFail != .stay ? lesson.onFail : nil
            guard let target, let index = current.plan.index(of: lesson.id) else {
                state = current
                return (Judged(status: Self.status(current), lesson: lesson, moved: false, words: words + "; goal: \(lesson.goal.summary)"), nil)
            }
            let next = current.plan.lesson(after: index, target)
            current.progress.since = now()
            if let next {
                let nextLesson = current.plan.lessons[next]
                current.progress.lesson = nextLesson.id
                current.tally = LessonTally(limit: nextLesson.goal.over)
                words += (progress.met ? "; goal reached. Next, " : "; goal not reached. Next, ") + "lesson \(next + 1): \(nextLesson.title)"
            } else {
                current.progress.complete = true
                words += "; goal reached. The plan is complete"
            }
            state = current
            return (Judged(status: Self.status(current), lesson: next.map { current.plan.lessons[$0] }, moved: true, words: words),
                    current.progress)
        }
        if let save, let failure = file.save(save, profile: profile) { problem(failure) }
        return result
    }

    private static func status(_ state: State) -> PlanStatus {
        let lesson = state.lesson
        let progress = lesson.goal.progress(state.tally)
        return PlanStatus(
            name: state.plan.name, lesson: state.number, lessons: state.plan.lessons.count, id: lesson.id, title: lesson.title,
            exercise: EventFormatter.describe(lesson.exercise), goal: lesson.goal.summary, counted: progress.counted,
            needed: progress.needed, figure: progress.value.map { lesson.goal.figure($0) }, complete: state.progress.complete)
    }
}

extension PlanFollower.State {
    var lesson: Lesson { plan.lessons[plan.index(of: progress.lesson) ?? 0] }
    var number: Int { (plan.index(of: progress.lesson) ?? 0) + 1 }
}

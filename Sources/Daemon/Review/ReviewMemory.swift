import ControlProtocol
import Synchronization
import Training

/// Each student's spaced-repetition schedule (docs/adaptive.md, "Across sessions"), kept in
/// memory: rebuilt from the stored answers when the daemon starts, then moved by every answer as
/// it is judged. A session reads its student's schedule when it starts.
public final class ReviewMemory: Sendable {
    private let schedules: Mutex<[String: ReviewSchedule]>
    /// Now, in seconds on the wall clock (Unix time).
    public let now: @Sendable () -> Double

    /// The schedules the stored answers make, by profile.
    public init(answers: [String: [ReviewAnswer]] = [:], now: @escaping @Sendable () -> Double) {
        schedules = Mutex(answers.mapValues { ReviewSchedule.replaying($0) })
        self.now = now
    }

    /// The student's schedule now.
    public func schedule(profile: String) -> ReviewSchedule {
        schedules.withLock { $0[profile] ?? ReviewSchedule() }
    }

    /// Moves an item of the student's schedule.
    public func record(_ answer: ReviewAnswer, profile: String) {
        schedules.withLock { $0[profile, default: ReviewSchedule()].record(answer) }
    }
}

/// Follows the judged answers into the students' schedules: a first try right or any wrong
/// note, and every answer revealed or skipped (a miss).
public final class ReviewFollower: EventFollower {
    private let memory: ReviewMemory
    private let defaultProfile: String
    private let session = Mutex<(profile: String, kind: ExerciseKind)?>(nil)

    public init(memory: ReviewMemory, defaultProfile: String) {
        self.memory = memory
        self.defaultProfile = defaultProfile
    }

    public func follow(_ report: EventReport, event: TrainingEvent?) {
        guard let event else { return }
        switch event.kind {
        case .sessionStarted(let started):
            session.withLock { $0 = (report.sessionProfile ?? defaultProfile, started.exercise.kind) }
        case .noteJudged(let judgement) where judgement.attempt == 1 || !judgement.correct:
            record([judgement.subject], correct: judgement.correct && judgement.attempt == 1)
        case .answerRevealed(let revealed):
            record(revealed.subjects, correct: false)
        case .sessionEnded:
            session.withLock { $0 = nil }
        default:
            break
        }
    }

    private func record(_ subjects: [AnswerSubject], correct: Bool) {
        guard let (profile, kind) = session.withLock({ $0 }) else { return }
        let time = memory.now()
        for subject in subjects {
            memory.record(ReviewAnswer(item: subject.reviewKey(kind: kind), correct: correct, time: time), profile: profile)
        }
    }
}

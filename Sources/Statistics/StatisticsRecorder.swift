import Foundation
import Logging
import MusicTheory
import Synchronization
import Training

/// Follows the engine's event stream and records it: a session start, every judged answer, and
/// the session's results. Store errors are logged, never thrown: training goes on without
/// statistics.
public final class StatisticsRecorder: Sendable {
    private struct State {
        var session: UUID?
        var exercise: ExerciseKind = .scale
        var root = ""
        var mode: String?
        var interval: String?
        /// The running session's student.
        var profile: String?
        var reportedUnavailable = false
        var failing = false
    }

    /// The store written to.
    public let store: any StatisticsStore
    /// Whose answers these are, unless a session names its own student.
    public let profile: String
    private let clock: any WallClock
    private let logger: Logger
    private let makeID: @Sendable () -> UUID
    private let state = Mutex(State())

    /// A recorder writing `profile`'s answers into `store`, timed by `clock`.
    public init(
        store: any StatisticsStore, profile: String, clock: any WallClock = SystemWallClock(), logger: Logger,
        makeID: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.store = store
        self.profile = profile
        self.clock = clock
        self.logger = logger
        self.makeID = makeID
    }

    /// Records what `event` means for the statistics; prompts only set the context of answers.
    public func record(_ event: TrainingEvent) {
        record([event])
    }

    /// Records what `events` mean in one transaction; false when something they meant was not
    /// stored (the store is unavailable or failing, and has said why).
    @discardableResult
    public func record(_ events: [TrainingEvent]) -> Bool {
        record(entries: events.map { Entry(event: $0) })
    }

    /// An event to record; a session's start may name the student it is for.
    public struct Entry: Sendable {
        public var event: TrainingEvent
        /// For a session start: whose session it is (nil: `profile`).
        public var profile: String?

        public init(event: TrainingEvent, profile: String? = nil) {
            self.event = event
            self.profile = profile
        }
    }

    /// Records what `entries` mean in one transaction (see `record(_:)`).
    @discardableResult
    public func record(entries: [Entry]) -> Bool {
        let now = clock.now()
        let batch = entries.flatMap { records(for: $0.event, profile: $0.profile, at: now) }
        guard !batch.isEmpty else { return true }
        return perform { () throws(StatisticsError) in try store.record(batch) }
    }

    private func records(for event: TrainingEvent, profile student: String?, at now: Date) -> [StatisticsRecord] {
        switch event.kind {
        case .sessionStarted(let started):
            let start = startRecord(started.exercise, profile: student ?? profile, at: now - event.sessionTime.seconds)
            state.withLock { $0.session = start.id; $0.exercise = start.exercise; $0.profile = start.profile }
            return [.sessionStart(start)]
        case .prompt(let prompt):
            state.withLock { state in
                switch prompt.question {
                case .scale(let question):
                    (state.root, state.mode, state.interval) = (question.scale.root.description, question.scale.mode.name, nil)
                case .interval(let question):
                    (state.root, state.mode, state.interval) = (question.root.name.description, nil, question.interval.description)
                }
            }
            return []
        case .noteJudged(let judgement):
            return answerRecord(judgement, at: now).map { [.answer($0)] } ?? []
        case .sessionEnded(let results):
            guard let id = state.withLock({ $0.session }) else { return [] }
            return [.sessionEnd(SessionEndRecord(
                id: id, endedAt: now, lengthSeconds: results.sessionLength.seconds, correct: results.correct,
                errors: results.errors, resultsJSON: Self.json(results)))]
        case .roundComplete, .answerRevealed:
            return []
        }
    }

    private func startRecord(_ exercise: Exercise, profile: String, at time: Date) -> SessionStartRecord {
        switch exercise {
        case .scale(let scale):
            SessionStartRecord(
                id: makeID(), profile: profile, startedAt: time, exercise: .scale, mode: scale.mode.name,
                root: scale.root.description)
        case .interval(let interval):
            SessionStartRecord(
                id: makeID(), profile: profile, startedAt: time, exercise: .interval, root: interval.root?.description,
                intervals: interval.intervals.map(\.description), direction: interval.direction.rawValue)
        }
    }

    private func answerRecord(_ judgement: NoteJudgement, at time: Date) -> AnswerRecord? {
        let current = state.withLock { $0 }
        guard let session = current.session else { return nil }
        var degree: Int?
        var interval = current.interval
        switch judgement.subject {
        case .degree(let number): degree = number
        case .interval(let asked): interval = asked.description
        }
        return AnswerRecord(
            time: time, session: session, profile: current.profile ?? profile, exercise: current.exercise, root: current.root,
            mode: current.mode, interval: interval, degree: degree, expected: judgement.expected.spelled.description,
            expectedMIDI: judgement.expected.midiNote.rawValue, playedMIDI: judgement.played.rawValue,
            correct: judgement.correct, attempt: judgement.attempt, responseSeconds: judgement.responseTime.seconds)
    }

    /// Runs a store call; says once when the store becomes unavailable or starts failing, not
    /// for every answer after.
    private func perform(_ body: () throws(StatisticsError) -> Void) -> Bool {
        do {
            try body()
            let recovered = state.withLock { state in
                defer { state.failing = false }
                return state.failing
            }
            if recovered { logger.notice("statistics recorded again") }
            return true
        } catch .unavailable(let reason) {
            let first = state.withLock { state in
                defer { state.reportedUnavailable = true }
                return !state.reportedUnavailable
            }
            if first { logger.warning("statistics unavailable; answers are not recorded", metadata: ["reason": "\(reason)"]) }
        } catch {
            let first = state.withLock { state in
                defer { state.failing = true }
                return !state.failing
            }
            if first { logger.error("statistics not recorded", metadata: ["error": "\(error)"]) }
        }
        return false
    }

    private static func json(_ results: SessionResults) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(results)).map { String(decoding: $0, as: UTF8.self) }
    }
}

extension Duration {
    /// The duration in seconds, as a number.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

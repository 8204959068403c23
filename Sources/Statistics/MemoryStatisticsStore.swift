import ControlProtocol
import Foundation
import Synchronization

/// A store that keeps everything in memory: the fake beside `SQLiteStatisticsStore`, for tests
/// and for a daemon with nowhere to write.
public final class MemoryStatisticsStore: StatisticsStore {
    private struct State {
        var sessions: [SessionRecord] = []
        var answers: [AnswerRecord] = []
        /// How many of the newest answers of each session belong to its open question.
        var open: [UUID: Int] = [:]
    }

    private let state = Mutex(State())
    private let clock: any WallClock
    private let timeZone: TimeZone

    /// An empty store whose figures end at `clock`'s now, with days in `timeZone`.
    public init(clock: any WallClock = SystemWallClock(), timeZone: TimeZone = .current) {
        self.clock = clock
        self.timeZone = timeZone
    }

    public var status: StoreStatus { .available(location: "memory") }

    public func recordSessionStart(_ session: SessionStartRecord) throws(StatisticsError) {
        state.withLock { $0.sessions.append(SessionRecord(start: session)) }
    }

    public func recordAnswer(_ answer: AnswerRecord) throws(StatisticsError) {
        state.withLock { state in
            state.answers.append(answer)
            if answer.questionOpen { state.open[answer.session, default: 0] += 1 }
        }
    }

    public func recordQuestionClosed(session: UUID) throws(StatisticsError) {
        state.withLock { _ = $0.open.removeValue(forKey: session) }
    }

    public func recordAnswerMeasured(session: UUID, cents: Double) throws(StatisticsError) {
        state.withLock { state in
            guard let index = state.answers.lastIndex(where: { $0.session == session && $0.cents != nil }) else { return }
            state.answers[index].cents = cents
        }
    }

    public func recordSessionEnd(_ end: SessionEndRecord) throws(StatisticsError) {
        state.withLock { state in
            state.open[end.id] = nil  // the session's end closes its last question
            guard let index = state.sessions.firstIndex(where: { $0.start.id == end.id }) else { return }
            state.sessions[index].end = end
        }
    }

    public func sessions(profile: String?) throws(StatisticsError) -> [SessionRecord] {
        state.withLock { $0.sessions }.filter { profile == nil || $0.start.profile == profile }
            .sorted { $0.start.startedAt < $1.start.startedAt }
    }

    public func answers(profile: String?) throws(StatisticsError) -> [AnswerRecord] {
        // A stable sort keeps the recording order of answers with the same time.
        let (all, open) = state.withLock { ($0.answers, $0.open) }
        var hidden = open
        let readable = all.reversed().filter { answer in
            guard answer.questionOpen, let count = hidden[answer.session], count > 0 else { return true }
            hidden[answer.session] = count - 1
            return false
        }.reversed()
        return readable.filter { profile == nil || $0.profile == profile }
            .enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// Every answer that reached the store, oldest first, an open question's too: what a test of
    /// the writing (not of the reading) looks at.
    public var storedAnswers: [AnswerRecord] { state.withLock { $0.answers } }

    public func profiles() throws(StatisticsError) -> [String] {
        Array(Set(state.withLock { $0.answers }.map(\.profile)).sorted().prefix(profileListLimit))
    }

    public func lifetimeFigures(profile: String) throws(StatisticsError) -> LifetimeFigures {
        LifetimeFigures.compute(
            profile: profile, sessions: try sessions(profile: profile), answers: try answers(profile: profile),
            now: clock.now(), timeZone: timeZone)
    }
}

import Foundation
import Synchronization

/// A store that keeps everything in memory: the fake beside `SQLiteStatisticsStore`, for tests
/// and for a daemon with nowhere to write.
public final class MemoryStatisticsStore: StatisticsStore {
    private struct State {
        var sessions: [SessionRecord] = []
        var answers: [AnswerRecord] = []
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
        state.withLock { $0.answers.append(answer) }
    }

    public func recordSessionEnd(_ end: SessionEndRecord) throws(StatisticsError) {
        state.withLock { state in
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
        state.withLock { $0.answers }.filter { profile == nil || $0.profile == profile }
            .enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    public func profiles() throws(StatisticsError) -> [String] {
        Set(state.withLock { $0.sessions }.map(\.start.profile)).sorted()
    }

    public func lifetimeFigures(profile: String) throws(StatisticsError) -> LifetimeFigures {
        LifetimeFigures.compute(
            profile: profile, sessions: try sessions(profile: profile), answers: try answers(profile: profile),
            now: clock.now(), timeZone: timeZone)
    }
}

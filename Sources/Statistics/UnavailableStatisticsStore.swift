import ControlProtocol
import Foundation

/// The store the daemon trains with when the database cannot be used: it records nothing and
/// every call fails with the reason, which `status` also gives.
public struct UnavailableStatisticsStore: StatisticsStore {
    /// Why there is no database.
    public let reason: String

    /// A store that is unavailable for `reason`.
    public init(reason: String) {
        self.reason = reason
    }

    public var status: StoreStatus { .unavailable(reason: reason) }

    public func recordSessionStart(_ session: SessionStartRecord) throws(StatisticsError) { throw .unavailable(reason: reason) }

    public func recordAnswer(_ answer: AnswerRecord) throws(StatisticsError) { throw .unavailable(reason: reason) }

    public func recordSessionEnd(_ end: SessionEndRecord) throws(StatisticsError) { throw .unavailable(reason: reason) }

    public func recordQuestionClosed(session: UUID) throws(StatisticsError) { throw .unavailable(reason: reason) }

    public func recordAnswerMeasured(session: UUID, cents: Double) throws(StatisticsError) { throw .unavailable(reason: reason) }

    public func sessions(profile: String?) throws(StatisticsError) -> [SessionRecord] { throw .unavailable(reason: reason) }

    public func answers(profile: String?) throws(StatisticsError) -> [AnswerRecord] { throw .unavailable(reason: reason) }

    public func profiles() throws(StatisticsError) -> [String] { throw .unavailable(reason: reason) }

    public func lifetimeFigures(profile: String) throws(StatisticsError) -> LifetimeFigures {
        throw .unavailable(reason: reason)
    }
}

import ControlProtocol
import Foundation

/// Whether the store can record: the daemon trains either way, and reports this in `status`.
public enum StoreStatus: Sendable {
    /// Recording into the database at this path (or `memory`).
    case available(location: String)
    /// Not recording, and never will in this run, and why (corrupt file, newer schema, no path).
    case unavailable(reason: String)
    /// The database at this path could not be written, and why (a full disk, an I/O error, a
    /// read-only or missing directory, so far unopened); every new record tries again (opening it
    /// when it must), and the first that succeeds makes it available.
    case failing(location: String, reason: String)
}

extension StoreStatus: Hashable, Codable {}

/// Why a store call failed.
public enum StatisticsError: Error, Sendable {
    /// The store is unavailable; nothing is recorded or read.
    case unavailable(reason: String)
    /// The database refused a statement.
    case database(String)
}

extension StatisticsError: Hashable {}

extension StatisticsError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unavailable(let reason): "statistics unavailable: \(reason)"
        case .database(let message): "statistics database error: \(message)"
        }
    }
}

/// Where judged answers and sessions are kept, and the lifetime figures read from them.
///
/// `SQLiteStatisticsStore` keeps them in a file; `MemoryStatisticsStore` in memory, for tests and
/// for running without a state directory. Both compute figures with `LifetimeFigures.compute`.
public protocol StatisticsStore: Sendable {
    /// Whether the store records.
    var status: StoreStatus { get }
    /// Records that a session began.
    func recordSessionStart(_ session: SessionStartRecord) throws(StatisticsError)
    /// Records one judged answer, durably before returning.
    func recordAnswer(_ answer: AnswerRecord) throws(StatisticsError)
    /// Records that a session ended, with its results.
    func recordSessionEnd(_ end: SessionEndRecord) throws(StatisticsError)
    /// Records that the session's open question closed: its answers, stored at once but held out
    /// of every reading while it was open (they would name it), are read from now on.
    func recordQuestionClosed(session: UUID) throws(StatisticsError)
    /// Records that the session's last answer with cents (a sung note, judged as it settled) was
    /// measured again, whole once it ended: `cents` replace its own.
    func recordAnswerMeasured(session: UUID, cents: Double) throws(StatisticsError)
    /// Records several, all or none, durably before returning (one transaction, one fsync).
    func record(_ records: [StatisticsRecord]) throws(StatisticsError)
    /// Every session of `profile` (of every profile when nil), oldest first.
    func sessions(profile: String?) throws(StatisticsError) -> [SessionRecord]
    /// Every answer of `profile` (of every profile when nil), oldest first; none of a question
    /// still open.
    func answers(profile: String?) throws(StatisticsError) -> [AnswerRecord]
    /// At most `limit` answers of `profile` (of every profile when nil) that come after `after`
    /// in the order of `answers(profile:)` (from the first when nil), each with its position: a
    /// long history read a page at a time, never whole.
    func answers(profile: String?, after: AnswerPosition?, limit: Int) throws(StatisticsError) -> [PositionedAnswer]
    /// The profiles that have answers, by name, at most `profileListLimit` of them (the first by
    /// name): a session with no answers makes no profile, and no number of names makes a reply
    /// too long to send.
    func profiles() throws(StatisticsError) -> [String]
    /// The lifetime figures of `profile`, with trends up to the store's clock's now.
    func lifetimeFigures(profile: String) throws(StatisticsError) -> LifetimeFigures
    /// Folds what a write-ahead log holds back into the database file (at exit: the file alone
    /// then holds everything, for a backup or a copy taken while the daemon is stopped).
    func checkpoint()
}

/// One thing to record, for `StatisticsStore.record(_:)`.
public enum StatisticsRecord: Sendable {
    case sessionStart(SessionStartRecord)
    case answer(AnswerRecord)
    case sessionEnd(SessionEndRecord)
    /// The session's open question closed (its answers may be read).
    case questionClosed(session: UUID)
    /// The session's last answer with cents measured again (`recordAnswerMeasured`).
    case answerMeasured(session: UUID, cents: Double)
}

extension StatisticsRecord: Hashable {}

extension StatisticsStore {
    /// Nothing to fold back: a store with no log of its own.
    public func checkpoint() {}

    /// One at a time: enough for a store without transactions (in memory, or unavailable).
    public func record(_ records: [StatisticsRecord]) throws(StatisticsError) {
        for record in records {
            switch record {
            case .sessionStart(let start): try recordSessionStart(start)
            case .answer(let answer): try recordAnswer(answer)
            case .sessionEnd(let end): try recordSessionEnd(end)
            case .questionClosed(let session): try recordQuestionClosed(session: session)
            case .answerMeasured(let session, let cents): try recordAnswerMeasured(session: session, cents: cents)
            }
        }
    }
}

/// How many names `StatisticsStore.profiles()` gives at most.
public let profileListLimit = 200

import ControlProtocol
import Synchronization

/// A daemon held in memory, beside the real `SocketDaemon` (as hummingbird ships
/// `MemoryPersistDriver` beside its drivers): it answers `status` and `session.results` from
/// what it is given, records every call, and sends events to whoever follows it. Tests use it; a
/// page can be looked at with it without a keyboard or a daemon.
public final class MemoryDaemon: DaemonLink, Sendable {
    /// One call as it was made.
    public struct Call: Sendable, Equatable {
        public var method: ControlProtocol.Method
        public var params: JSONValue?
    }

    private struct State {
        var status: StatusResult
        var replies: [String: Result<JSONValue, DaemonFailure>] = [:]
        var calls: [Call] = []
        var followers: [Int: AsyncStream<DaemonUpdate>.Continuation] = [:]
        var nextFollower = 0
        var reachable = true
        /// The latest list of paired browsers reported, and who reports them.
        var reportedBrowsers: [PairedBrowserSummary]?
        var reporters: [Int: AsyncStream<[String]>.Continuation] = [:]
    }

    private let state: Mutex<State>

    /// A daemon whose `status` is `status`.
    public init(status: StatusResult) {
        state = Mutex(State(status: status))
    }

    /// Every call so far, in order.
    public var calls: [Call] { state.withLock { $0.calls } }

    /// How many follow it now.
    public var followerCount: Int { state.withLock { $0.followers.count } }

    /// What `status` answers from now on.
    public func setStatus(_ status: StatusResult) {
        state.withLock { $0.status = status }
    }

    /// What `method` answers from now on (a result or a failure).
    public func reply(to method: ControlProtocol.Method, with outcome: Result<JSONValue, DaemonFailure>) {
        state.withLock { $0.replies[method.rawValue] = outcome }
    }

    /// Sends an event to every follower.
    public func send(_ event: EventReport) {
        for follower in state.withLock({ Array($0.followers.values) }) { follower.yield(.event(event)) }
    }

    /// Goes away: every follower's stream ends, and calls fail until `comeBack()`.
    public func goAway() {
        let followers = state.withLock { state in
            state.reachable = false
            defer { state.followers = [:] }
            return Array(state.followers.values)
        }
        for follower in followers { follower.finish() }
    }

    /// Answers again.
    public func comeBack() {
        state.withLock { $0.reachable = true }
    }

    public func call(_ method: ControlProtocol.Method, params: JSONValue?) async throws(DaemonFailure) -> JSONValue {
        let outcome: Result<JSONValue, DaemonFailure> = state.withLock { state in
            state.calls.append(Call(method: method, params: params))
            guard state.reachable else { return .failure(.unreachable("gone away")) }
            if let reply = state.replies[method.rawValue] { return reply }
            return method == .status ? .success(Wire.value(state.status)) : .success(.object([:]))
        }
        return try outcome.get()
    }

    /// The paired browsers last reported (`pairing.browsers`); nil before the first report.
    public var reportedBrowsers: [PairedBrowserSummary]? { state.withLock { $0.reportedBrowsers } }

    /// Revokes browsers, as `pairing.revoke` does: their ids go to every reporter.
    public func revoke(_ ids: [String]) {
        for reporter in state.withLock({ Array($0.reporters.values) }) { reporter.yield(ids) }
    }

    public func report(browsers lists: AsyncStream<[PairedBrowserSummary]>) -> AsyncStream<[String]> {
        let (revoked, continuation) = AsyncStream.makeStream(of: [String].self)
        let id = state.withLock { state in
            state.nextFollower += 1
            state.reporters[state.nextFollower] = continuation
            return state.nextFollower
        }
        let reading = Task { [weak self] in
            for await list in lists { self?.state.withLock { $0.reportedBrowsers = list } }
            continuation.finish()
        }
        continuation.onTermination = { [weak self] _ in
            reading.cancel()
            _ = self?.state.withLock { $0.reporters.removeValue(forKey: id) }
        }
        return revoked
    }

    public func follow() -> AsyncStream<DaemonUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: DaemonUpdate.self)
        let id: Int? = state.withLock { state in
            guard state.reachable else { return nil }
            state.nextFollower += 1
            state.followers[state.nextFollower] = continuation
            continuation.yield(.status(state.status))
            return state.nextFollower
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.followers.removeValue(forKey: id) }
        }
        return stream
    }
}

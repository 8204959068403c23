import ControlProtocol
import Synchronization

/// One subscription to the daemon for every page: `follow()` of the daemon it wraps is called
/// once, whatever the number of pages open, and each page's stream gets what a follower of its
/// own would have got: the `status` the subscription began with, every event since (replayed to
/// a page that joins later), then each new one. So a class with a phone each takes one of the
/// daemon's clients, not one per phone. Calls go straight to the daemon.
///
/// The events kept for late joiners are bounded: past `historyLimit` the subscription starts
/// afresh, and every page gets the new `status` (the live page redraws from it). When the daemon
/// goes away every page's stream ends, as it would have; the next page to follow starts again.
public final class SharedFollower<Daemon: DaemonLink>: DaemonLink, Sendable {
    /// Events kept for a page that joins later, before the subscription is started afresh.
    public let historyLimit: Int
    private let daemon: Daemon

    private struct State {
        var pages: [Int: AsyncStream<DaemonUpdate>.Continuation] = [:]
        var nextPage = 0
        /// `status`, then every event since: what a joining page is sent first.
        var history: [DaemonUpdate] = []
        var upstream: Task<Void, Never>?
        /// Which upstream is current; an older one that ends leaves the pages alone.
        var generation = 0
    }

    private let state = Mutex(State())

    public init(_ daemon: Daemon, historyLimit: Int = 4096) {
        self.daemon = daemon
        self.historyLimit = historyLimit
    }

    public func call(_ method: ControlProtocol.Method, params: JSONValue?) async throws(DaemonFailure) -> JSONValue {
        try await daemon.call(method, params: params)
    }

    public func report(browsers lists: AsyncStream<[PairedBrowserSummary]>) -> AsyncStream<[String]> {
        daemon.report(browsers: lists)
    }

    public func follow() -> AsyncStream<DaemonUpdate> {
        let (stream, page) = AsyncStream.makeStream(of: DaemonUpdate.self)
        let id = state.withLock { state in
            state.nextPage += 1
            state.pages[state.nextPage] = page
            for update in state.history { page.yield(update) }
            if state.upstream == nil { startUpstream(&state) }
            return state.nextPage
        }
        page.onTermination = { [weak self] _ in self?.leave(id) }
        return stream
    }

    /// How many pages follow now (for tests).
    public var pageCount: Int { state.withLock { $0.pages.count } }

    private func leave(_ id: Int) {
        state.withLock { state in
            state.pages[id] = nil
            guard state.pages.isEmpty else { return }
            // Nobody left: the subscription ends with the last page.
            state.upstream?.cancel()
            state.upstream = nil
            state.history = []
            state.generation += 1
        }
    }

    /// Follows the daemon on a task of its own, handing each update to every page.
    private func startUpstream(_ state: inout State) {
        state.generation += 1
        state.history = []
        let generation = state.generation
        state.upstream = Task { [daemon] in
            for await update in daemon.follow() {
                guard !Task.isCancelled else { return }
                self.state.withLock { state in
                    guard state.generation == generation else { return }
                    if case .status = update { state.history = [] }
                    state.history.append(update)
                    for page in state.pages.values { page.yield(update) }
                    if state.history.count > historyLimit {
                        // Too much to replay: begin again from a fresh status.
                        state.upstream?.cancel()
                        startUpstream(&state)
                    }
                }
            }
            // The daemon went away (or this subscription was replaced, or nobody is left).
            let ended: [AsyncStream<DaemonUpdate>.Continuation] = self.state.withLock { state in
                guard state.generation == generation, !Task.isCancelled else { return [] }
                defer {
                    state.pages = [:]
                    state.history = []
                    state.upstream = nil
                }
                return Array(state.pages.values)
            }
            for page in ended { page.finish() }
        }
    }
}

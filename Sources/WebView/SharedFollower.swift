import ControlProtocol
import Synchronization

/// One subscription to the daemon for every `/live` page: `follow()` of the daemon it wraps is
/// called once, whatever the number of pages open, and each update is folded (`LiveFold`) and
/// encoded once for all of them. A page that joins is sent the panel as it is now, then a
/// message for each update. So a class with a phone each takes one of the daemon's clients, not
/// one per phone, and a page that joins late costs one message, not a replay of the session.
///
/// What it keeps grows with neither pages nor events: the newest message, and for each page at
/// most `pageBacklog` messages not yet sent, the oldest dropped first. Every page holds the same
/// strings (a `String` is not copied by being handed on), and each message is the whole panel, so
/// a page that falls behind skips to the newest; only what a screen reader says of a dropped one
/// is lost. When the daemon goes away every page's stream ends; the next page to follow starts again.
public final class SharedFollower<Daemon: DaemonLink>: Sendable {
    /// Messages a page may have waiting (its socket not taking them) before the oldest is dropped.
    public static var pageBacklog: Int { 8 }

    private let daemon: Daemon

    private struct State {
        var pages: [Int: AsyncStream<String>.Continuation] = [:]
        var nextPage = 0
        /// The newest message, and its text as every page was sent it.
        var current: (message: LiveMessage, text: String)?
        /// The newest message without what is said of it: what a joining page is sent (made when
        /// a page first joins after an update).
        var joining: String?
        var upstream: Task<Void, Never>?
        /// Which upstream is current; an older one that ends leaves the pages alone.
        var generation = 0

        var heldBytes: Int { (current?.text.utf8.count ?? 0) + (joining?.utf8.count ?? 0) }
    }

    private let state = Mutex(State())

    public init(_ daemon: Daemon) {
        self.daemon = daemon
    }

    /// The live page's messages as JSON text: the panel as it is now, then one for each update.
    /// The stream finishes when the daemon goes away; the subscription ends with the last page.
    public func follow() -> AsyncStream<String> {
        let (stream, page) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(Self.pageBacklog))
        let id = state.withLock { state in
            state.nextPage += 1
            state.pages[state.nextPage] = page
            if let joining = Self.joiningText(&state) { page.yield(joining) }
            if state.upstream == nil { startUpstream(&state) }
            return state.nextPage
        }
        page.onTermination = { [weak self] _ in self?.leave(id) }
        return stream
    }

    /// How many pages follow now (for tests).
    public var pageCount: Int { state.withLock { $0.pages.count } }

    /// The bytes of the messages it keeps for pages that join, whatever the number of pages (for tests).
    public var heldBytes: Int { state.withLock { $0.heldBytes } }

    private static func joiningText(_ state: inout State) -> String? {
        guard let current = state.current else { return nil }
        if current.message.say == nil { return current.text }
        if state.joining == nil {
            var quiet = current.message
            quiet.say = nil
            state.joining = quiet.json
        }
        return state.joining
    }

    private func leave(_ id: Int) {
        state.withLock { state in
            state.pages[id] = nil
            guard state.pages.isEmpty else { return }
            // Nobody left: the subscription ends with the last page.
            state.upstream?.cancel()
            state.upstream = nil
            state.current = nil
            state.joining = nil
            state.generation += 1
        }
    }

    /// Follows the daemon on a task of its own, folding each update and handing its message to every page.
    private func startUpstream(_ state: inout State) {
        state.generation += 1
        let generation = state.generation
        state.upstream = Task { [daemon] in
            var fold = LiveFold()
            for await update in daemon.follow() {
                guard !Task.isCancelled else { return }
                let message = fold.message(after: update)
                let text = message.json
                self.state.withLock { state in
                    guard state.generation == generation else { return }
                    state.current = (message, text)
                    state.joining = nil
                    for page in state.pages.values { page.yield(text) }
                }
            }
            // The daemon went away (or nobody is left).
            let ended: [AsyncStream<String>.Continuation] = self.state.withLock { state in
                guard state.generation == generation, !Task.isCancelled else { return [] }
                defer {
                    state.pages = [:]
                    state.current = nil
                    state.joining = nil
                    state.upstream = nil
                }
                return Array(state.pages.values)
            }
            for page in ended { page.finish() }
        }
    }
}

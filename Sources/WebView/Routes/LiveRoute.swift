import ClientViews
import ControlProtocol
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// `/live`: one WebSocket per page. It follows the daemon (`status`, then every event), folds
/// each step into the same state `eartrainctl watch` keeps and sends the redrawn panel; when the
/// daemon goes away it says so and closes, and the page connects again by itself.
struct LiveRoute<Daemon: DaemonLink> {
    let daemon: Daemon
    let access: WebAccess

    func add(to router: Router<WebRequestContext>) {
        router.ws("/live") { request, context in
            // A page of another site must not read the session (a WebSocket is not bound by CORS),
            // nor a visitor who may not look.
            RequestGate.sameOrigin(request, hosts: access.hosts) && access.visitor(request).mayView(access.viewing) ? .upgrade([:]) : .dontUpgrade
        } onUpgrade: { inbound, outbound, _ in
            try await withThrowingTaskGroup(of: Void.self) { group in
                // The page sends nothing; reading lets a close from it end the relay.
                group.addTask { for try await _ in inbound {} }
                group.addTask { try await relay(to: outbound) }
                try await group.next()
                group.cancelAll()
            }
        }
    }

    /// Sends a panel for `status` and for every event, then "away" once the daemon hangs up.
    func relay(to outbound: WebSocketOutboundWriter) async throws {
        var state = WatchState()
        var ready: ReadyStatus?
        for await update in daemon.follow() {
            var say: String?
            switch update {
            case .status(let status):
                state = WatchState()
                state.apply(status: status.session)
                ready = status.ready
            case .event(let event):
                state.apply(event)
                say = LivePanel.announcement(event, state: state)
            }
            let message = LiveMessage(html: LivePanel.html(state, ready: ready, elapsed: state.sessionSeconds),
                                      running: state.running, say: say)
            try await outbound.write(.text(message.json))
        }
        // The stream also ends when the page went away (the relay is cancelled): nobody to tell.
        if !Task.isCancelled { try await outbound.write(.text(LiveMessage.away)) }
    }
}

/// One message of `/live`: the panel, whether a session runs (the page shows its controls or the
/// start form), and what to tell a screen reader; or `away` alone, when the daemon is gone.
struct LiveMessage: Codable, Equatable {
    var html: String
    var running: Bool
    var say: String?

    static let away = #"{"away":"the daemon is not answering: reconnecting…"}"#

    var json: String { Wire.encode(self) }
}

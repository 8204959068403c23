import ClientViews
import ControlProtocol
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// `/live`: one WebSocket per page. It sends the panel as it is now, then the panel redrawn
/// after each step of the session, from the one subscription every page shares
/// (`SharedFollower`); when the daemon goes away it says so and closes, and the page connects
/// again by itself.
struct LiveRoute<Daemon: DaemonLink> {
    let feed: SharedFollower<Daemon>
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

    /// Sends the panel as it is now and one for every update, then "away" once the daemon hangs up.
    func relay(to outbound: WebSocketOutboundWriter) async throws {
        for await message in feed.follow() {
            try await outbound.write(.text(message))
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

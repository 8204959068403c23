import Hummingbird
import HummingbirdWebSocket

/// Each request's context: Hummingbird's, the WebSocket upgrade's, and the peer's address, which
/// decides whether control actions are allowed.
public struct WebRequestContext: RequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let webSocket: WebSocketHandlerReference<Self>
    /// The peer's IP address as text (`127.0.0.1`, `::1`); nil when it has none (a test channel).
    public let peerAddress: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        peerAddress = source.channel.remoteAddress?.ipAddress
    }
}

import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket

extension HTTPServerBuilder {
    /// HTTP with `/live`'s WebSocket upgrade, each connection within `limits` (`GuardedChannel`):
    /// headers no larger than `limits.headerBytes`, WebSocket frames no larger than 64 KiB.
    static func guarded(webSocketRouter live: Router<WebRequestContext>, limits: ConnectionLimits) -> HTTPServerBuilder {
        let liveResponder = live.buildResponder()
        let gate = ConnectionGate(limits: limits)
        let decoder = HTTP1Channel.Configuration.DecoderConfiguration(
            maxHeaderFieldSize: limits.headerBytes, maxHeaderListSize: limits.headerBytes, maxHeaderFieldCount: 100)
        let channel = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(httpDecoderConfiguration: decoder), ws: .init(maxFrameSize: 1 << 16))
        return HTTPServerBuilder { responder in
            GuardedChannel(inner: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: liveResponder, configuration: channel),
                           limits: limits, gate: gate)
        }
    }
}

import Hummingbird
import HummingbirdWebSocket
import Logging

/// The web view built by one function, as hummingbird apps are: the pages and actions on one
/// router, the WebSocket on its own (so only `/live` is tried for an upgrade). `eartrainer-web`
/// runs what this returns; the tests call it with a `MemoryDaemon` or a real daemon's socket.
public func buildApplication<Daemon: DaemonLink>(configuration: WebConfiguration, daemon: Daemon,
                                                 logger: Logger) -> some ApplicationProtocol {
    let router = Router(context: WebRequestContext.self)
    PageRoutes(daemon: daemon).add(to: router)
    ActionRoutes(daemon: daemon).add(to: router)
    let live = Router(context: WebRequestContext.self)
    LiveRoute(daemon: daemon).add(to: live)
    return Application(
        router: router,
        server: .http1WebSocketUpgrade(webSocketRouter: live, configuration: .init(ws: .init(maxFrameSize: 1 << 16))),
        configuration: .init(address: .hostname(configuration.listen.host, port: configuration.listen.port), serverName: nil),
        logger: logger
    )
}

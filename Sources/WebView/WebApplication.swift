import Hummingbird
import HummingbirdWebSocket
import Logging

/// The web view built by one function, as hummingbird apps are: the pages and actions on one
/// router, the WebSocket on its own (so only `/live` is tried for an upgrade), both behind the
/// rate limit and the `Host` check; every page's live stream from one subscription (`SharedFollower`);
/// every connection within `ConnectionLimits`; the paired browsers reported to the daemon beside
/// them (`BrowserReporter`). `eartrainer-web`
/// runs what this returns; the tests call it with a `MemoryDaemon` or a real daemon's socket.
public func buildApplication<Link: DaemonLink>(configuration: WebConfiguration, daemon link: Link,
                                               logger: Logger) -> some ApplicationProtocol {
    // Every page's call to the daemon goes through one bound, and `stats.get` answers are shared.
    let daemon = BoundedDaemon(link)
    let hosts = ServedHosts(listen: configuration.listen)
    let access = WebAccess(viewing: configuration.viewing, browsers: configuration.browsers, hosts: hosts,
                           pairingTries: configuration.pairingTries, progressRequests: configuration.progressRequests)
    let router = Router(context: WebRequestContext.self)
    router.add(middleware: RateLimitMiddleware(limiter: configuration.requests))
    router.add(middleware: HostMiddleware(hosts: hosts))
    router.add(middleware: SeenMiddleware(browsers: configuration.browsers))
    PageRoutes(daemon: daemon, access: access).add(to: router)
    ActionRoutes(daemon: daemon, access: access).add(to: router)
    PairingRoutes(daemon: daemon, access: access).add(to: router)
    ClassRoutes(daemon: daemon, access: access).add(to: router)
    let live = Router(context: WebRequestContext.self)
    live.add(middleware: RateLimitMiddleware(limiter: configuration.requests))
    live.add(middleware: HostMiddleware(hosts: hosts))
    live.add(middleware: SeenMiddleware(browsers: configuration.browsers))
    LiveRoute(feed: SharedFollower(daemon), access: access).add(to: live)
    return Application(
        router: router,
        server: .guarded(webSocketRouter: live, limits: configuration.connections),
        configuration: .init(address: .hostname(configuration.listen.host, port: configuration.listen.port), serverName: nil),
        services: [BrowserReporter(browsers: configuration.browsers, daemon: daemon)],
        // The origins allowed name the port bound, the system's choice for port 0 (the tests').
        onServerRunning: { channel in if let port = channel.localAddress?.port { hosts.bound(port: port) } },
        logger: logger
    )
}

import Training

/// How `eartrainer-web` is set up: where it listens, who may look, and the browsers it paired.
public struct WebConfiguration: Sendable {
    /// The address and port the server binds (`web.listen`, `--listen`).
    public var listen: ListenAddress
    /// Who sees the session without a pairing (`web.viewing`).
    public var viewing: WebViewing
    /// The paired browsers (kept in the state directory when installed).
    public var browsers: PairedBrowsers
    /// Requests each peer address may make: a burst, then a steady rate. A page load is three
    /// requests; a reconnecting page one every half second at most.
    public var requests: RateLimiter
    /// Pairing tries each address may make: five, then one every twelve seconds.
    public var pairingTries: RateLimiter
    /// Progress pages each peer may load (each reads the statistics): twenty, then two a second,
    /// a third of what `requests` allows.
    public var progressRequests: RateLimiter
    /// Connections open, their requests' deadlines and their headers' size.
    public var connections: ConnectionLimits

    public init(
        listen: ListenAddress = .standard, viewing: WebViewing = .open, browsers: PairedBrowsers = PairedBrowsers(),
        requests: RateLimiter = RateLimiter(burst: 60, perSecond: 20), pairingTries: RateLimiter = RateLimiter(burst: 5, perSecond: 1.0 / 12),
        progressRequests: RateLimiter = RateLimiter(burst: 20, perSecond: 2), connections: ConnectionLimits = ConnectionLimits()
    ) {
        self.listen = listen
        self.viewing = viewing
        self.browsers = browsers
        self.requests = requests
        self.pairingTries = pairingTries
        self.progressRequests = progressRequests
        self.connections = connections
    }
}

import Training

/// The `[web]` section: where `eartrainer-web` listens and who may look. The daemon reads and
/// checks it like every section, but only the web view uses it.
public struct WebConfig: Sendable {
    /// The address and port the web view binds: loopback unless the LAN is meant.
    public var listen: ListenAddress
    /// Who may see the live session without a pairing.
    public var viewing: WebViewing

    public init(listen: ListenAddress = .standard, viewing: WebViewing = .open) {
        self.listen = listen
        self.viewing = viewing
    }
}

extension WebConfig: Hashable, Codable {}

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

/// Who may see the pages without a pairing, from this machine too. Control (start, repeat, skip,
/// stop) and another profile's statistics always need a paired browser, whatever this says: a
/// loopback peer may be any local account, which the daemon's socket may refuse.
public enum WebViewing: String, Sendable, Hashable, Codable, CaseIterable {
    /// Anyone who reaches the port sees the live session and the results: a class's projector.
    case open
    /// Only paired browsers see anything but the pairing page.
    case paired
}

import Training

/// The `[web]` section: where `eartrainer-web` listens and who may look. The daemon reads and
/// checks it like every section, but only the web view uses it.
public struct WebConfig: Sendable {
    /// The address and port the web view binds: loopback unless the LAN is meant.
    public var listen: ListenAddress
    /// Who may see the live session from another machine.
    public var viewing: WebViewing

    public init(listen: ListenAddress = .standard, viewing: WebViewing = .open) {
        self.listen = listen
        self.viewing = viewing
    }
}

extension WebConfig: Hashable, Codable {}

/// Who may see the pages from another machine. Control (start, repeat, skip, stop) always needs
/// a paired browser there, whatever this says; the machine itself (loopback) may do everything.
public enum WebViewing: String, Sendable, Hashable, Codable, CaseIterable {
    /// Anyone who reaches the port sees the live session and the results: a class's projector.
    case open
    /// Only paired browsers see anything but the pairing page.
    case paired
}

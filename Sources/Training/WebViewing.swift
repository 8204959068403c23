/// Who may see the pages without a pairing, from this machine too. Control (start, repeat, skip,
/// stop) and another profile's statistics always need a paired browser, whatever this says: a
/// loopback peer may be any local account, which the daemon's socket may refuse.
public enum WebViewing: String, Sendable, Hashable, Codable, CaseIterable {
    /// Anyone who reaches the port sees the live session and the results: a class's projector.
    case open
    /// Only paired browsers see anything but the pairing page.
    case paired
}

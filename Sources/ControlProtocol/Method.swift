/// The protocol's version, stated in the greeting. A client that knows another major version
/// should not go on.
public enum ProtocolInfo {
    public static let name = "eartrainer"
    public static let version = 1
}

/// Every method the daemon answers.
public enum Method: String, CaseIterable, Sendable {
    case status
    case configGet = "config.get"
    case statsGet = "stats.get"
    case statsExport = "stats.export"
    case sessionStart = "session.start"
    case sessionStop = "session.stop"
    case sessionRepeat = "session.repeat"
    case sessionSkip = "session.skip"
    case sessionResults = "session.results"
    case notesPlay = "notes.play"
    case subscribe
    case unsubscribe

    /// Methods that change what the daemon does; only trusted peers may call them.
    public var isControl: Bool {
        switch self {
        case .sessionStart, .sessionStop, .sessionRepeat, .sessionSkip, .notesPlay: true
        case .status, .configGet, .statsGet, .statsExport, .sessionResults, .subscribe, .unsubscribe: false
        }
    }
}

/// What a subscriber can ask to hear about.
public enum Topic: String, CaseIterable, Sendable, Codable {
    case prompt, answer, session, device
}

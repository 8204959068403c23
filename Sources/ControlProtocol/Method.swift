/// The protocol's version, stated in the greeting. A client that knows another major version
/// should not go on.
public enum ProtocolInfo {
    public static let name = "eartrainer"
    public static let version = 1
}

/// A method's name on the wire. The daemon's table of methods (name, who may call it, params
/// type, handler) is the list of what it answers; these names are what clients call.
public struct Method: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public static let status: Method = "status"
    public static let devicesGet: Method = "devices.get"
    public static let configGet: Method = "config.get"
    public static let settingsGet: Method = "settings.get"
    public static let settingsSet: Method = "settings.set"
    public static let statsGet: Method = "stats.get"
    public static let statsExport: Method = "stats.export"
    public static let sessionStart: Method = "session.start"
    public static let sessionStop: Method = "session.stop"
    public static let sessionRepeat: Method = "session.repeat"
    public static let sessionSkip: Method = "session.skip"
    public static let sessionResults: Method = "session.results"
    public static let planGet: Method = "plan.get"
    public static let notesPlay: Method = "notes.play"
    public static let notesBend: Method = "notes.bend"
    public static let subscribe: Method = "subscribe"
    public static let unsubscribe: Method = "unsubscribe"
    public static let pairingOffer: Method = "pairing.offer"
    public static let pairingRedeem: Method = "pairing.redeem"
    public static let pairingBrowsers: Method = "pairing.browsers"
    public static let pairingList: Method = "pairing.list"
    public static let pairingRevoke: Method = "pairing.revoke"
    public static let classJoin: Method = "class.join"
    public static let classStatus: Method = "class.status"
    public static let classLeave: Method = "class.leave"
}

extension Method: CustomStringConvertible {
    public var description: String { rawValue }
}

/// What a subscriber can ask to hear about: `listen` is the listening input's level and pitch
/// as they change (`ListenReading`), the others the events the daemon reports.
public enum Topic: String, CaseIterable, Sendable, Codable {
    case prompt, answer, session, device, listen
}

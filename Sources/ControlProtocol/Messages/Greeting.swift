/// The `hello` notification every client gets on connect: the protocol's name and version, the
/// daemon's version, and the methods it answers.
public struct Greeting: Sendable, Hashable, Codable {
    /// The notification's method.
    public static let method = "hello"

    /// `eartrainer`.
    public var `protocol`: String
    /// The protocol's major version (`ProtocolInfo.version`).
    public var version: Int
    /// The daemon's own version.
    public var daemon: String
    /// Every method's name, in the table's order.
    public var methods: [String]

    public init(protocol: String = ProtocolInfo.name, version: Int = ProtocolInfo.version, daemon: String, methods: [String]) {
        self.protocol = `protocol`
        self.version = version
        self.daemon = daemon
        self.methods = methods
    }
}

/// The `[socket]` section: where the control socket is and who may use it.
public struct SocketConfig: Sendable {
    /// The socket's path; nil for the default (`$RUNTIME_DIRECTORY/eartrainer.sock`, else
    /// `$XDG_RUNTIME_DIR/eartrainer.sock`, else `./run/eartrainer.sock`; the daemon decides).
    public var path: String?
    /// The socket file's permission bits, 0…0o777 (default 0o660).
    public var mode: Int
    /// Clients connected at once, 1…1024; any more are refused.
    public var maxClients: Int
    /// A group whose members may use control methods besides the daemon's own user and root;
    /// nil for none. `audio` by default: the group the installed socket unit lets connect, the
    /// people who may make sound on the machine (a student at a Raspberry Pi is in it).
    public var controlGroup: String?

    /// The defaults for every value not given.
    public init(path: String? = nil, mode: Int = 0o660, maxClients: Int = 64, controlGroup: String? = "audio") {
        self.path = path
        self.mode = mode
        self.maxClients = maxClients
        self.controlGroup = controlGroup
    }

    /// Accepted permission bits.
    public static let modeRange = 0...0o777
    /// Accepted client limits.
    public static let maxClientsRange = 1...1024
}

extension SocketConfig: Hashable, Codable {}

import Glibc

/// Where the control socket is, and whether systemd already opened it.
public enum SocketLocation: Sendable, Hashable {
    /// A path we bind ourselves.
    case path(String)
    /// A listening socket systemd passed in (fd 3), with the path when known.
    case activated(fd: Int32)

    /// `--socket PATH`, else systemd socket activation (`LISTEN_PID` is us, `LISTEN_FDS` ≥ 1),
    /// else `$RUNTIME_DIRECTORY/eartrainer.sock`, `$XDG_RUNTIME_DIR/eartrainer.sock`,
    /// `./run/eartrainer.sock`.
    public static func resolve(option: String?, environment: [String: String], pid: Int32 = getpid()) -> SocketLocation {
        if let option, !option.isEmpty { return .path(option) }
        if environment["LISTEN_PID"] == String(pid), let count = environment["LISTEN_FDS"].flatMap(Int.init), count >= 1 {
            return .activated(fd: 3)
        }
        if let runtime = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first, !runtime.isEmpty {
            return .path("\(runtime)/eartrainer.sock")
        }
        if let xdg = environment["XDG_RUNTIME_DIR"], !xdg.isEmpty {
            return .path("\(xdg)/eartrainer.sock")
        }
        return .path("./run/eartrainer.sock")
    }
}

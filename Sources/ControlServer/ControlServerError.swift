import SystemCalls

/// What can stop the control socket from being served.
public enum ControlServerError: Error, Sendable, Hashable {
    /// A system call failed; the error names it and its errno.
    case system(SystemCallError)
    /// The socket path is too long for `sockaddr_un` (107 bytes at most).
    case pathTooLong(String)
    /// Another live daemon answers on this socket; it is left alone.
    case alreadyRunning(String)
    /// Something that is not a socket sits at the path; it is left alone.
    case notASocket(String)
}

extension ControlServerError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .system(let error):
            return "\(error)"
        case .pathTooLong(let path):
            return "socket path is too long (at most 107 bytes): \(path)"
        case .alreadyRunning(let path):
            return "another eartrainerd already answers on \(path); stop it first or use --socket"
        case .notASocket(let path):
            return "\(path) exists and is not a socket; not replacing it"
        }
    }
}

/// What can stop the control socket from being served.
public enum ControlServerError: Error, Sendable, Hashable {
    /// A system call failed; `function` names it, `errno` says why.
    case system(function: String, errno: Int32)
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
        case .system(let function, let code):
            return "\(function) failed: \(String(cString: strerror(code))) (errno \(code))"
        case .pathTooLong(let path):
            return "socket path is too long (at most 107 bytes): \(path)"
        case .alreadyRunning(let path):
            return "another eartrainerd already answers on \(path); stop it first or use --socket"
        case .notASocket(let path):
            return "\(path) exists and is not a socket; not replacing it"
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Throws `ControlServerError.system` naming `function` when a call returned −1.
@discardableResult
func check(_ function: String, _ result: Int32) throws(ControlServerError) -> Int32 {
    if result == -1 { throw .system(function: function, errno: errno) }
    return result
}

/// Sets O_NONBLOCK and FD_CLOEXEC on a descriptor.
func makeNonBlocking(_ fd: Int32) throws(ControlServerError) {
    let flags = try check("fcntl(F_GETFL)", fcntl(fd, F_GETFL))
    try check("fcntl(F_SETFL)", fcntl(fd, F_SETFL, flags | O_NONBLOCK))
    try check("fcntl(F_SETFD)", fcntl(fd, F_SETFD, FD_CLOEXEC))
}

import Glibc
import Synchronization

/// A listening Unix stream socket: bound to a path by us, or handed over by systemd.
public final class UnixListener: Sendable {
    /// The listening descriptor (non-blocking, close-on-exec).
    let fd: Int32
    /// The path the socket lives at, when known.
    public let path: String?
    /// True when we created the socket file and so remove it on close.
    private let ownsPath: Bool
    private let closed = Mutex(false)

    private init(fd: Int32, path: String?, ownsPath: Bool) {
        self.fd = fd
        self.path = path
        self.ownsPath = ownsPath
    }

    /// Binds a new socket at `path` with file mode `mode` (default 0660), creating its folder.
    /// A stale socket file (nobody answers) is replaced; a live one, or a file that is not a
    /// socket, is left alone and throws.
    public static func bind(path: String, mode: mode_t = 0o660, backlog: Int32 = 128) throws(ControlServerError) -> UnixListener {
        let address = try socketAddress(path)
        try removeStaleSocket(at: path, address: address)
        try makeParentDirectory(of: path)
        // Bind and listen under a temporary name, then rename into place: a client that sees the
        // file always finds someone listening.
        let temporary = "\(path).\(getpid()).tmp"
        var temporaryAddress = try socketAddress(temporary)
        unlink(temporary)
        let fd = try check("socket", socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0))
        do {
            // The umask decides the file's mode at bind; narrow it so there is no wider window.
            let oldMask = umask(~mode & 0o777)
            let bound = withUnsafePointer(to: &temporaryAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            umask(oldMask)
            try check("bind(\(temporary))", bound)
            try check("chmod(\(temporary))", chmod(temporary, mode))
            try check("listen", listen(fd, backlog))
            try check("rename(\(temporary), \(path))", rename(temporary, path))
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        return UnixListener(fd: fd, path: path, ownsPath: true)
    }

    /// Adopts a socket systemd passed in (socket activation); its file belongs to systemd.
    public static func adopt(fd: Int32, path: String? = nil) throws(ControlServerError) -> UnixListener {
        try makeNonBlocking(fd)
        return UnixListener(fd: fd, path: path, ownsPath: false)
    }

    /// A listening socket with no file: bound with an address of only its family, which Linux
    /// turns into an unused abstract name (autobind). For a server whose clients are all handed
    /// to it already connected (`ControlServer.adopt(connected:)`), as a test's are.
    public static func unnamed() throws(ControlServerError) -> UnixListener {
        let fd = try check("socket", socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0))
        do {
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sa_family_t>.size)) }
            }
            try check("bind", bound)
            try check("listen", listen(fd, 1))
        } catch {
            close(fd)
            throw error
        }
        return UnixListener(fd: fd, path: nil, ownsPath: false)
    }

    deinit {
        shutdown()
    }

    /// Stops listening and removes the socket file if we made it. Safe to call more than once.
    public func shutdown() {
        let wasClosed = closed.withLock { state in
            defer { state = true }
            return state
        }
        guard !wasClosed else { return }
        close(fd)
        if ownsPath, let path { unlink(path) }
    }

    static func socketAddress(_ path: String) throws(ControlServerError) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else { throw .pathTooLong(path) }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return address
    }

    private static func removeStaleSocket(at path: String, address: sockaddr_un) throws(ControlServerError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket(path) }
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { throw .system(function: "socket", errno: errno) }
        defer { close(probe) }
        var address = address
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        if connected == 0 { throw .alreadyRunning(path) }
        try check("unlink(\(path))", unlink(path))
    }

    private static func makeParentDirectory(of path: String) throws(ControlServerError) {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        var current = path.hasPrefix("/") ? "" : "."
        if path.hasPrefix("/") { components = components.dropFirst() }
        for component in components where !component.isEmpty {
            current += "/" + component
            if mkdir(current, 0o755) == -1 && errno != EEXIST {
                throw .system(function: "mkdir(\(current))", errno: errno)
            }
        }
    }
}

import Glibc
import Synchronization
import SystemCalls

/// A listening Unix stream socket: bound to a path by us, or handed over by systemd.
public final class UnixListener: Sendable {
    /// The listening descriptor (non-blocking, close-on-exec); nil once shut down.
    private let socket: Mutex<FileDescriptor?>
    /// The listening descriptor's number, to register with the poller before the server runs.
    let rawDescriptor: Int32
    /// The path the socket lives at, when known.
    public let path: String?
    /// True when we created the socket file and so remove it on close.
    private let ownsPath: Bool

    private init(socket: consuming FileDescriptor, path: String?, ownsPath: Bool) {
        rawDescriptor = socket.rawValue
        self.socket = Mutex(socket)
        self.path = path
        self.ownsPath = ownsPath
    }

    /// Binds a new socket at `path` with file mode `mode` (default 0660), creating its folder.
    /// A stale socket file (nobody answers) is replaced; a live one, or a file that is not a
    /// socket, is left alone and throws.
    public static func bind(path: String, mode: mode_t = 0o660, backlog: Int32 = 128) throws(ControlServerError) -> UnixListener {
        let address = try unixAddress(path)
        // Bind and listen under a temporary name, then rename into place: a client that sees the
        // file always finds someone listening.
        let temporary = "\(path).\(getpid()).tmp"
        let temporaryAddress = try unixAddress(temporary)
        try removeStaleSocket(at: path, address: address)
        do throws(SystemCallError) {
            try makeParentDirectory(of: path)
            unlink(temporary)
            let socket = FileDescriptor(taking: try systemCall("socket") {
                Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            })
            do throws(SystemCallError) {
                // The file takes the socket's own mode at bind, less the umask: set to `mode` first,
                // it is never wider than `mode`. (Not by narrowing the umask, which is the whole
                // process's: a file another thread made meanwhile, or a child's, would take it.)
                // Nobody can connect before `listen` anyway, which comes after the chmod.
                _ = fchmod(socket.rawValue, mode)
                try systemCall("bind(\(temporary))") {
                    temporaryAddress.withSocketAddress { Glibc.bind(socket.rawValue, $0, $1) }
                }
                try systemCall("chmod(\(temporary))") { chmod(temporary, mode) }
                try systemCall("listen") { listen(socket.rawValue, backlog) }
                try systemCall("rename(\(temporary), \(path))") { rename(temporary, path) }
            } catch {
                unlink(temporary)
                throw error
            }
            return UnixListener(socket: socket, path: path, ownsPath: true)
        } catch {
            throw .system(error)
        }
    }

    /// Adopts a socket systemd passed in (socket activation); its file belongs to systemd.
    public static func adopt(fd: Int32, path: String? = nil) throws(ControlServerError) -> UnixListener {
        let socket = FileDescriptor(taking: fd)
        do { try socket.makeNonBlocking() } catch { throw .system(error) }
        return UnixListener(socket: socket, path: path, ownsPath: false)
    }

    /// A listening socket with no file: bound with an address of only its family, which Linux
    /// turns into an unused abstract name (autobind). For a server whose clients are all handed
    /// to it already connected (`ControlServer.adopt(connected:)`), as a test's are.
    public static func unnamed() throws(ControlServerError) -> UnixListener {
        do throws(SystemCallError) {
            let socket = FileDescriptor(taking: try systemCall("socket") {
                Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            })
            try systemCall("bind") {
                UnixSocketAddress.unnamed.withSocketAddress { Glibc.bind(socket.rawValue, $0, $1) }
            }
            try systemCall("listen") { listen(socket.rawValue, 1) }
            return UnixListener(socket: socket, path: nil, ownsPath: false)
        } catch {
            throw .system(error)
        }
    }

    deinit {
        shutdown()
    }

    /// Takes one waiting connection, non-blocking and close-on-exec; nil when none waits, after
    /// `shutdown()`, or when it could not be taken (tried again on the next round).
    func accept() -> FileDescriptor? {
        // Under the lock, so that `shutdown()` cannot close the listener (and its number be given
        // to another descriptor) during the call.
        // `try?` flattens: nil also when accept failed.
        let accepted = try? socket.withLock { socket throws(SystemCallError) -> Int32? in
            guard socket != nil else { return nil }
            return try nonBlockingSystemCall("accept") { Glibc.accept(rawDescriptor, nil, nil) }
        }
        guard let raw = accepted else { return nil }
        let connection = FileDescriptor(taking: raw)
        guard (try? connection.makeNonBlocking()) != nil else { return nil }  // closed as `connection` goes
        return connection
    }

    /// Stops listening and removes the socket file if we made it. Safe to call more than once.
    public func shutdown() {
        let wasOpen = socket.withLock { socket in
            guard socket != nil else { return false }
            socket = nil  // closes it
            return true
        }
        if wasOpen, ownsPath, let path { unlink(path) }
    }

    static func unixAddress(_ path: String) throws(ControlServerError) -> UnixSocketAddress {
        guard let address = UnixSocketAddress(path: path) else { throw .pathTooLong(path) }
        return address
    }

    /// Removes a stale socket file (nobody answers); a live one, or a file that is not a socket, throws.
    private static func removeStaleSocket(at path: String, address: UnixSocketAddress) throws(ControlServerError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket(path) }
        let answered: Bool
        do throws(SystemCallError) {
            let probe = FileDescriptor(taking: try systemCall("socket") {
                Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            })
            answered = address.withSocketAddress { connect(probe.rawValue, $0, $1) } == 0
            if !answered { try systemCall("unlink(\(path))") { unlink(path) } }
        } catch {
            throw .system(error)
        }
        if answered { throw .alreadyRunning(path) }
    }

    private static func makeParentDirectory(of path: String) throws(SystemCallError) {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        var current = "."
        if path.hasPrefix("/") {
            current = ""
            components = components.dropFirst()
        }
        for component in components where !component.isEmpty {
            current += "/" + component
            do {
                try systemCall("mkdir(\(current))") { mkdir(current, 0o755) }
            } catch where error.errno == .fileExists {
                continue
            }
        }
    }
}

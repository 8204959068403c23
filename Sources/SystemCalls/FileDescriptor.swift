import Glibc

/// A file descriptor with one owner, closed when its value goes. Non-copyable, so there is never a
/// second owner to close it twice, and its lifetime is its scope (a class's could end at its last
/// use, before the raw number handed to C is done with).
public struct FileDescriptor: ~Copyable, Sendable {
    /// The number, for C functions and poll sets; valid while this value lives.
    public let rawValue: Int32

    /// Takes ownership of an open descriptor (from `socket`, `accept`, `pipe2`, systemd).
    public init(taking rawValue: Int32) {
        precondition(rawValue >= 0, "not a descriptor: \(rawValue)")
        self.rawValue = rawValue
    }

    deinit {
        // Not retried on EINTR: Linux releases the number whatever `close` returns, and a retry
        // could close a descriptor another thread has just been given.
        close(rawValue)
    }

    /// Hands the descriptor to an owner outside this type (a SwiftNIO channel), which closes it.
    public consuming func release() -> Int32 {
        let descriptor = rawValue
        discard self
        return descriptor
    }

    /// Sets O_NONBLOCK and FD_CLOEXEC (a descriptor from systemd or `accept` has neither).
    /// The corresponding C function is `fcntl`.
    public func makeNonBlocking() throws(SystemCallError) {
        let flags = try systemCall("fcntl(F_GETFL)") { fcntl(rawValue, F_GETFL) }
        try systemCall("fcntl(F_SETFL)") { fcntl(rawValue, F_SETFL, flags | O_NONBLOCK) }
        try systemCall("fcntl(F_SETFD)") { fcntl(rawValue, F_SETFD, FD_CLOEXEC) }
    }
}

/// Writes all of `bytes` to a descriptor, however many calls that takes (a terminal or a pipe may
/// take part of a write). The corresponding C function is `write`.
public func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32) throws(SystemCallError) {
    let bytes = Array(bytes)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemCallError) in
                try systemCall("write") { write(descriptor, buffer.baseAddress! + offset, buffer.count - offset) }
            }
        }
        offset += try written.get()
    }
}

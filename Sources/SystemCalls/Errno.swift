import Glibc

/// A C error number (`errno`) as a type: compared by name, described by the C library's message.
/// The names follow swift-system's `Errno`.
public struct Errno: RawRepresentable, Sendable, Hashable {
    /// The C number, e.g. 4 for EINTR.
    public let rawValue: Int32

    /// The errno with this number.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The calling thread's `errno`, read at once after the failed call.
    public static var current: Errno { Errno(rawValue: Glibc.errno) }

    /// EINTR: a signal arrived during the call; calling again is the answer.
    public static let interrupted = Errno(rawValue: EINTR)
    /// EAGAIN (the same number as EWOULDBLOCK on Linux): a non-blocking descriptor has nothing now.
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    /// EEXIST.
    public static let fileExists = Errno(rawValue: EEXIST)
    /// EBADF.
    public static let badFileDescriptor = Errno(rawValue: EBADF)
    /// EPIPE.
    public static let brokenPipe = Errno(rawValue: EPIPE)
    /// ENAMETOOLONG.
    public static let fileNameTooLong = Errno(rawValue: ENAMETOOLONG)
    /// ENOENT.
    public static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
}

extension Errno {
    /// The C library's message alone: `No such file or directory`. The corresponding C function is `strerror`.
    public var message: String { String(cString: strerror(rawValue)) }
}

extension Errno: CustomStringConvertible {
    /// The C library's message and the number: `No such file or directory (errno 2)`.
    public var description: String { "\(message) (errno \(rawValue))" }
}

/// A system call that failed: the function (with what it worked on, when that helps: `bind(/run/x.sock)`)
/// and the errno it left.
public struct SystemCallError: Error, Sendable, Hashable {
    /// The C function that failed, e.g. `epoll_ctl` or `mkdir(/run/eartrainer)`.
    public let function: String
    /// Why, as the call left it in `errno`.
    public let errno: Errno

    /// The failure of `function` with `errno`.
    public init(function: String, errno: Errno) {
        self.function = function
        self.errno = errno
    }
}

extension SystemCallError: CustomStringConvertible {
    public var description: String { "\(function) failed: \(errno)" }
}

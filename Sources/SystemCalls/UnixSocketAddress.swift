import Glibc

/// The address of a Unix-domain socket (`sockaddr_un`): a socket file's path, a name in Linux's
/// abstract namespace, or none (for autobind). Built in one place, so the path's length limit and
/// the address's length are worked out once for `bind`, `connect` and `sendto`.
public struct UnixSocketAddress: Sendable {
    private var storage = sockaddr_un()
    /// How many bytes of `storage` the kernel is to read.
    private let length: socklen_t

    /// The longest path a `sockaddr_un` holds, its terminating zero left out: 107 bytes on Linux.
    public static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// The socket file at `path`; nil when `path` is empty or longer than `maximumPathLength`.
    public init?(path: String) {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.maximumPathLength else { return nil }
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { $0.copyBytes(from: bytes + [0]) }
        length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
    }

    /// `name` in the abstract namespace (written `@name` by systemd; no file, gone with its socket);
    /// nil when it does not fit.
    public init?(abstractName name: some Collection<UInt8>) {
        let bytes = [0] + Array(name)
        guard bytes.count <= Self.maximumPathLength + 1 else { return nil }
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { $0.copyBytes(from: bytes) }
        length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
    }

    /// `@name` as an abstract name, anything else as a path: how `$NOTIFY_SOCKET` names its socket.
    public init?(pathOrAbstractName text: String) {
        if text.utf8.first == UInt8(ascii: "@") {
            self.init(abstractName: text.utf8.dropFirst())
        } else {
            self.init(path: text)
        }
    }

    private init(familyOnly: Void) {
        storage.sun_family = sa_family_t(AF_UNIX)
        length = socklen_t(MemoryLayout<sa_family_t>.size)
    }

    /// Only the family: `bind` with it gives the socket an unused abstract name (autobind).
    public static var unnamed: UnixSocketAddress { UnixSocketAddress(familyOnly: ()) }

    /// Calls `body` with the address as C functions take it: a `sockaddr` pointer and its length.
    public func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafePointer(to: storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}

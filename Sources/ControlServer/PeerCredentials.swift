import Glibc
import SystemCalls

/// Who is on the other end of a Unix socket, as the kernel tells it (`SO_PEERCRED`).
public struct PeerCredentials: Sendable, Hashable {
    public let pid: Int32
    public let uid: UInt32
    public let gid: UInt32

    public init(pid: Int32, uid: UInt32, gid: UInt32) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
    }

    /// The credentials of the peer connected on `fd`.
    static func of(_ fd: borrowing FileDescriptor) throws(SystemCallError) -> PeerCredentials {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }: three 32-bit fields.
        var words: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: words))
        try systemCall("getsockopt(SO_PEERCRED)") { getsockopt(fd.rawValue, SOL_SOCKET, SO_PEERCRED, &words, &length) }
        return PeerCredentials(pid: words.0, uid: words.1, gid: words.2)
    }
}

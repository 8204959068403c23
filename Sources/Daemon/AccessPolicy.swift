import ControlServer
import Glibc

/// Who may do what on the control socket: anyone who can connect may read; control methods are
/// for the daemon's own user, root, or members of a configured group.
public struct AccessPolicy: Sendable, Hashable {
    public var daemonUID: UInt32
    public var controlGroup: UInt32?

    public init(daemonUID: UInt32 = getuid(), controlGroup: UInt32? = nil) {
        self.daemonUID = daemonUID
        self.controlGroup = controlGroup
    }

    /// True when `peer` may start, stop and play.
    public func mayControl(_ peer: PeerCredentials) -> Bool {
        if peer.uid == 0 || peer.uid == daemonUID { return true }
        guard let group = controlGroup else { return false }
        return peer.gid == group || Self.user(peer.uid, isIn: group)
    }

    /// Whether a user belongs to a group, through its supplementary groups (getgrouplist).
    static func user(_ uid: UInt32, isIn group: UInt32) -> Bool {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return false }
        var count: Int32 = 64
        var groups = [gid_t](repeating: 0, count: Int(count))
        if getgrouplist(name, entry.pointee.pw_gid, &groups, &count) == -1 {
            groups = [gid_t](repeating: 0, count: Int(count))
            guard getgrouplist(name, entry.pointee.pw_gid, &groups, &count) != -1 else { return false }
        }
        return groups.prefix(Int(count)).contains(group)
    }
}

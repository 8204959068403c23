import ControlProtocol

/// What `class.join`, `class.status` and `class.leave` reach: the box's side of a class
/// (ClassSync, wired by the daemon's application). Without it, each says the box keeps no class.
public struct ClassAccess: Sendable {
    public let join: @Sendable (ClassJoinParams) async throws(RPCError) -> ClassJoinResult
    public let status: @Sendable () async -> ClassStatusResult
    public let leave: @Sendable () async throws(RPCError) -> ClassLeaveResult

    public init(join: @escaping @Sendable (ClassJoinParams) async throws(RPCError) -> ClassJoinResult,
                status: @escaping @Sendable () async -> ClassStatusResult,
                leave: @escaping @Sendable () async throws(RPCError) -> ClassLeaveResult) {
        self.join = join
        self.status = status
        self.leave = leave
    }

    /// No class: statistics are not kept in a file here (a class pushes from that file).
    public static let unavailable = ClassAccess(
        join: { _ throws(RPCError) in throw .classRefused("this daemon keeps no statistics file, so it cannot join a class") },
        status: { ClassStatusResult(joined: false) },
        leave: { () throws(RPCError) in ClassLeaveResult(left: false) })
}

/// The clocks in a `status` reply: the only members that change while nothing else does.
public enum StatusClock: Sendable {
    case uptime
    case sessionElapsed
}

/// A `status` encoded once with gaps where its clocks go. A client polling `status` gets the same
/// bytes each time but for two numbers, so the daemon keeps them until something else in the
/// status changes, and each reply is a copy with the clocks written in.
public struct StatusTemplate: Sendable {
    private let bytes: [UInt8]
    private let gaps: [(offset: Int, clock: StatusClock)]

    public init(_ status: StatusResult) {
        var json = JSONBytes(capacity: 1024, leavingGaps: true)
        status.write(to: &json)
        gaps = json.gaps
        bytes = json.take()
    }

    /// Writes the status with its clocks read now, to the microsecond (`JSONBytes.seconds`).
    /// `sessionElapsed` is only used when the status has a session.
    public func write(to json: inout JSONBytes, uptime: Duration, sessionElapsed: Duration) {
        bytes.withUnsafeBufferPointer { template in
            var start = 0
            for gap in gaps {
                json.raw(UnsafeBufferPointer(rebasing: template[start..<gap.offset]))
                json.seconds(gap.clock == .uptime ? uptime : sessionElapsed)
                start = gap.offset
            }
            json.raw(UnsafeBufferPointer(rebasing: template[start...]))
        }
    }
}

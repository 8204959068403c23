import ControlProtocol
import Dispatch
import Synchronization

/// Where statistics queries run: on a thread of their own, one at a time, never on Swift's
/// cooperative pool that the core, the socket's replies and the keys share. A blocking SQLite read
/// of a long history then delays only other queries, and at most `capacity` may wait or run: one
/// more is refused at once (−32006, busy), so a client that pipelines thousands cannot queue work
/// for minutes nor hold memory for it.
final class StatisticsQueryPool: Sendable {
    /// How many queries may run or wait at once.
    let capacity: Int
    private let queue = DispatchQueue(label: "eartrainer.statistics-queries")
    private let inFlight = Mutex(0)

    init(capacity: Int = 16) {
        precondition(capacity > 0, "at least one query may run")
        self.capacity = capacity
    }

    /// How many queries run or wait now.
    var inFlightCount: Int { inFlight.withLock { $0 } }

    /// The refusal when `capacity` queries run or wait already.
    static let full = RPCError(.busy, message: "statistics busy: too many queries wait; try again")

    /// Runs `query` on the pool's thread and returns its answer; refused when full.
    func run<Answer: Sendable>(_ query: @escaping @Sendable () throws(RPCError) -> Answer) async throws(RPCError) -> Answer {
        let admitted = inFlight.withLock { count in
            guard count < capacity else { return false }
            count += 1
            return true
        }
        guard admitted else { throw Self.full }
        let result: Result<Answer, RPCError> = await withCheckedContinuation { continuation in
            queue.async {
                let answer = Result { () throws(RPCError) in try query() }
                self.inFlight.withLock { $0 -= 1 }
                continuation.resume(returning: answer)
            }
        }
        return try result.get()
    }
}

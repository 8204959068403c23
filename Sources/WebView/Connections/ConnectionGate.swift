import Synchronization

/// Counts the connections open, in all and from each peer address, and admits a new one only
/// below both of `ConnectionLimits`' caps. Shared by every event loop.
final class ConnectionGate: Sendable {
    private let perAddress: Int
    private let total: Int

    private struct Counts {
        var total = 0
        var byAddress: [String: Int] = [:]
    }

    private let counts = Mutex(Counts())

    init(limits: ConnectionLimits) {
        perAddress = limits.perAddress
        total = limits.total
    }

    /// Counts a connection from `address` in, unless either cap is reached; each one admitted
    /// must `leave` once closed.
    func admit(_ address: String) -> Bool {
        counts.withLock { counts in
            guard counts.total < total, counts.byAddress[address, default: 0] < perAddress else { return false }
            counts.total += 1
            counts.byAddress[address, default: 0] += 1
            return true
        }
    }

    /// Counts a closed connection from `address` out.
    func leave(_ address: String) {
        counts.withLock { counts in
            counts.total -= 1
            let left = counts.byAddress[address, default: 1] - 1
            counts.byAddress[address] = left == 0 ? nil : left
        }
    }

    /// Connections open now (for tests).
    var open: Int { counts.withLock { $0.total } }
}

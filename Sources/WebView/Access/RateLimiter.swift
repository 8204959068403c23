import ControlProtocol
import Foundation
import Synchronization

/// A token bucket per peer: each may make `burst` requests at once, then one every
/// `1 / perSecond` seconds. Past that, the request is refused (429) before any work. A peer is
/// what `peerGroup` makes of its address: all of loopback is one, an IPv6 address its /64.
public final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Double
    }

    /// Addresses remembered at once; past it, the full buckets are dropped (they start full anyway).
    static let addressLimit = 4096

    public let burst: Double
    public let perSecond: Double
    private let buckets = Mutex<[String: Bucket]>([:])
    private let now: @Sendable () -> Double

    private let peerGroup: @Sendable (String?) -> String

    public init(burst: Int, perSecond: Double, now: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime },
                peerGroup: @escaping @Sendable (String?) -> String = { PeerGroup.name(of: $0) }) {
        self.burst = Double(burst)
        self.perSecond = perSecond
        self.now = now
        self.peerGroup = peerGroup
    }

    /// Takes one request of `address`'s allowance; false when it has none left.
    public func allow(_ address: String?) -> Bool {
        let key = peerGroup(address)
        let time = now()
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: burst, updated: time)
            bucket.tokens = min(burst, bucket.tokens + (time - bucket.updated) * perSecond)
            bucket.updated = time
            let allowed = bucket.tokens >= 1
            if allowed { bucket.tokens -= 1 }
            buckets[key] = bucket
            if buckets.count > Self.addressLimit {
                buckets = buckets.filter { $0.value.tokens + (time - $0.value.updated) * perSecond < burst }
            }
            return allowed
        }
    }

    /// Seconds until `address` may try again (for `Retry-After`), at least 1.
    public func wait(_ address: String?) -> Int {
        let tokens = buckets.withLock { $0[peerGroup(address)]?.tokens } ?? burst
        return max(1, Int(((1 - tokens) / perSecond).rounded(.up)))
    }
}

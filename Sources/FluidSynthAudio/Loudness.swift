/// Vary-loudness (the `vary_loudness` setting): each note's velocity is drawn at random from
/// `base × (1 − fraction)` up to `base`, so 0 means every note at `base` and 1 means anything
/// from silence-near velocity 1 up to `base`. The random source is injected, so a test can
/// reproduce every draw.
public struct Loudness: Sendable, Hashable {
    public let base: Int
    public let fraction: Double

    public init(base: Int = 100, fraction: Double = 0) {
        precondition((1...127).contains(base), "velocity must be 1...127")
        precondition((0...1).contains(fraction), "vary-loudness must be 0...1")
        self.base = base
        self.fraction = fraction
    }

    /// The lowest velocity a draw can give.
    public var lowest: Int { max(1, Int((Double(base) * (1 - fraction)).rounded(.up))) }

    /// One note's velocity.
    public func velocity(using random: inout some RandomNumberGenerator) -> Int {
        guard fraction > 0 else { return base }
        return Int.random(in: lowest...base, using: &random)
    }
}

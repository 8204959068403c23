/// A small, fast random number generator with a 64-bit state (SplitMix64, Steele et al. 2014).
///
/// Its whole state is one number, so a session's random choices replay exactly from the
/// `randomState` its `sessionStarted` event carries.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    /// The current state; a generator made from it continues exactly from here.
    public private(set) var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SeededRandom: Hashable, Codable {}

/// The frequencies the tracker looks for: by default a cello's C2 (65.4 Hz) to a soprano's C6
/// (1,047 Hz), with room for a note bent or sung 50 cents out and its vibrato.
public struct PitchRange: Sendable, Hashable {
    /// The lowest frequency reported, in hertz.
    public let lowest: Double
    /// The highest frequency reported, in hertz.
    public let highest: Double

    /// A range from `lowest` to `highest` hertz; programmer error unless 20 ≤ lowest < highest ≤ 2,000.
    public init(lowest: Double, highest: Double) {
        precondition(lowest >= 20 && lowest < highest && highest <= 2_000, "a pitch range is 20 Hz to 2 kHz")
        self.lowest = lowest
        self.highest = highest
    }

    /// C2 to C6, each widened by a semitone and a half: 58 Hz to 1,150 Hz.
    public static let voicesAndStrings = PitchRange(lowest: 58, highest: 1_150)
}

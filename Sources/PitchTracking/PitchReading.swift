/// The live reading a tuner shows: the latest frame's pitch and the input's level.
public struct PitchReading: Sendable, Hashable {
    /// The frame's time, in seconds from the start of the stream.
    public let time: Double
    /// The frequency in hertz, or nil when nothing clearly pitched is heard.
    public let frequency: Double?
    /// The input's level, in dB below full scale.
    public let level: Double

    /// Nothing heard yet.
    public static let silence = PitchReading(time: 0, frequency: nil, level: -.infinity)
}

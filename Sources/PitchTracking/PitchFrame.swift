/// What one analysis frame heard: about 200 a second.
public struct PitchFrame: Sendable, Hashable {
    /// The centre of the frame's window, in seconds from the start of the stream.
    public let time: Double
    /// The window's last sample, in seconds from the start of the stream: when the frame was known.
    public let windowEnd: Double
    /// The frequency in hertz, or nil when the frame is not clearly periodic in range.
    public let frequency: Double?
    /// How periodic the window is at that frequency: the normalised square difference's peak,
    /// 1 for a perfectly periodic signal, near 0 for noise.
    public let clarity: Double
    /// The window's RMS level in dB below full scale (a full-scale sine reads −3 dB).
    public let level: Double

    /// A frame as analysed.
    public init(time: Double, windowEnd: Double, frequency: Double?, clarity: Double, level: Double) {
        self.time = time
        self.windowEnd = windowEnd
        self.frequency = frequency
        self.clarity = clarity
        self.level = level
    }
}

/// Why a tracker cannot be made for an input.
public enum PitchTrackerError: Error, Sendable, Hashable {
    /// The input's sample rate is outside 8 kHz…192 kHz.
    case sampleRateOutOfRange(Double)
}

extension PitchTrackerError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .sampleRateOutOfRange(let rate):
            "a sample rate of \(rate) Hz is outside 8000…192000 Hz"
        }
    }
}

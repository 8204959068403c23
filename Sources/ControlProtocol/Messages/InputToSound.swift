/// How long the daemon measured from a key's arrival (the sequencer's timestamp) to its sound
/// leaving the speaker: until its first sample was handed to the device, plus the device's own
/// delay at that write (`ToneRenderer`'s heard time). `status`'s `devices.input_to_sound`.
public struct InputToSound: Sendable, Hashable, Codable {
    /// The latest key's, in milliseconds.
    public var lastMilliseconds: Double
    /// The median of the recent keys', in milliseconds.
    public var medianMilliseconds: Double
    /// How many recent keys the median is over.
    public var keys: Int

    public init(lastMilliseconds: Double, medianMilliseconds: Double, keys: Int) {
        self.lastMilliseconds = lastMilliseconds
        self.medianMilliseconds = medianMilliseconds
        self.keys = keys
    }

    /// From the recent keys' figures in seconds, oldest first; nil when there are none.
    public init?(recent seconds: [Double]) {
        guard let last = seconds.last else { return nil }
        let sorted = seconds.sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        self.init(lastMilliseconds: Self.milliseconds(last), medianMilliseconds: Self.milliseconds(median), keys: seconds.count)
    }

    /// To a tenth of a millisecond.
    private static func milliseconds(_ seconds: Double) -> Double { (seconds * 10_000).rounded() / 10 }

    enum CodingKeys: String, CodingKey {
        case lastMilliseconds = "last_ms"
        case medianMilliseconds = "median_ms"
        case keys
    }
}

extension InputToSound: CustomStringConvertible {
    /// `12.3 ms (median 11.8 ms over 20 keys)`.
    public var description: String {
        "\(lastMilliseconds) ms (median \(medianMilliseconds) ms over \(keys) \(keys == 1 ? "key" : "keys"))"
    }
}

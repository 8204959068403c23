import MusicTheory

/// What a question in time tells before it is played (a dictation with its rhythm, a rhythm):
/// the tempo, the meter, the bars.
public struct MelodyTime: Sendable, Hashable, Codable {
    public let tempo: Int
    public let meter: Meter
    public let bars: Int

    /// `4/4 at 80 BPM, one bar`.
    public var text: String { "\(meter.rawValue) at \(tempo) BPM, \(bars == 1 ? "one bar" : "\(bars) bars")" }
}

import Glibc

/// Onsets without pitch: a clap, a tap on the microphone, a spoken "ta". The input is cut into
/// hops of 5 ms; a hop whose level is at least `floorDB` and has risen `riseDB` over the loudest
/// hop of the last `memory` seconds begins an onset, unless one began less than `refractory`
/// seconds before (a clap's own ring, its echo). The loudest, not the quietest: a low note's
/// own waves make 5 ms hops differ by more than 15 dB, never two of its periods. The onset is
/// timed to the first sample, in that hop or the one before it, that reaches a third of the
/// hop's peak: where the attack starts.
public struct OnsetDetector: Sendable {
    /// Seconds a hop lasts.
    public static let hop = 0.005
    /// The rise over the quiet before it that makes an onset, in dB.
    public static let riseDB = 15.0
    /// How far back the quiet before an onset is looked for, in seconds: two periods of C2.
    public static let memory = 0.03
    /// The softest hop that can begin an onset, in dB of full scale (RMS).
    public static let floorDB = -45.0
    /// The shortest time between two onsets, in seconds: 16th notes at 180 BPM are 83 ms apart.
    public static let refractory = 0.08

    private let rate: Double
    private let hopFrames: Int
    private let memoryHops: Int
    /// The hop being filled, and the whole hop before it.
    private var filling: [Float] = []
    private var previous: [Float] = []
    /// The stream's frame at which `filling` begins.
    private var start = 0
    /// The levels of the last `memoryHops` hops, in dB.
    private var levels: [Double] = []
    private var lastOnset = -Double.infinity

    /// A detector for samples at `sampleRate` frames a second.
    public init(sampleRate: Double) {
        rate = sampleRate
        hopFrames = max(1, Int((sampleRate * Self.hop).rounded()))
        memoryHops = max(1, Int((Self.memory / Self.hop).rounded()))
        filling.reserveCapacity(hopFrames)
    }

    /// Takes the next samples of the stream: the onsets they complete, in seconds into the stream.
    public mutating func take(_ block: some Collection<Float>) -> [Double] {
        var onsets: [Double] = []
        var rest = block[...]
        while !rest.isEmpty {
            let taken = rest.prefix(hopFrames - filling.count)
            filling += taken
            rest = rest.dropFirst(taken.count)
            if filling.count == hopFrames, let onset = closeHop() { onsets.append(onset) }
        }
        return onsets
    }

    /// The hop is full: its onset, if it begins one; then the next hop begins.
    private mutating func closeHop() -> Double? {
        let meanSquare = filling.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(filling.count)
        let level = 10 * log10(max(meanSquare, 1e-12))
        let before = levels.max() ?? -120
        defer {
            levels.append(level)
            if levels.count > memoryHops { levels.removeFirst() }
            start += filling.count
            previous = filling
            filling.removeAll(keepingCapacity: true)
        }
        guard level >= Self.floorDB, level - before >= Self.riseDB,
              Double(start) / rate - lastOnset >= Self.refractory else { return nil }
        let peak = filling.reduce(Float(0)) { max($0, abs($1)) }
        let span = previous + filling
        let first = span.firstIndex { abs($0) >= peak / 3 } ?? previous.count
        let onset = Double(start - previous.count + first) / rate
        guard onset - lastOnset >= Self.refractory else { return nil }
        lastOnset = onset
        return onset
    }
}

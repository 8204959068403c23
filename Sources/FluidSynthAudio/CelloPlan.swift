/// How one cello note reaches its exact pitch: which key, and two neighbouring whole-cent bends
/// whose measured pitches bracket the wanted one. The renderer alternates between them block by
/// block so that the time-averaged pitch is the wanted one (FluidSynth itself can only sound whole
/// cents). The alternation moves the pitch by one cent at several hundred hertz: far below hearing.
public struct CelloPlan: Sendable, Hashable {
    public let key: Int
    public let lowWheel: Int
    public let highWheel: Int
    /// The share of blocks played with `highWheel`, 0…1.
    public let highShare: Double
    /// Cents the note would be off with `lowWheel` alone (at most about ±0.5 when the share is 0).
    public let lowErrorCents: Double
}

/// First-order error feedback between the two bends of a plan: each block takes the bend that
/// brings the running average closest to the wanted share.
struct BendDither {
    let plan: CelloPlan
    let channel: Int
    private var accumulated = 0.0
    private(set) var current: Int?

    init(plan: CelloPlan, channel: Int) {
        self.plan = plan
        self.channel = channel
    }

    /// The same dither, on another channel (its state kept).
    func moved(to channel: Int) -> BendDither {
        var copy = BendDither(plan: plan, channel: channel)
        copy.accumulated = accumulated
        copy.current = current
        return copy
    }

    /// The wheel value for the next block, and whether it differs from the last one sent.
    mutating func next() -> (wheel: Int, changed: Bool) {
        accumulated += plan.highShare
        let wheel: Int
        if accumulated >= 0.5 {
            accumulated -= 1
            wheel = plan.highWheel
        } else {
            wheel = plan.lowWheel
        }
        defer { current = wheel }
        return (wheel, wheel != current)
    }
}

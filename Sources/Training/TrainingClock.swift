/// The engine's source of time: a monotonic reading since some fixed origin.
///
/// Injected so that tests drive time by hand and every session replays exactly.
public protocol TrainingClock {
    /// The time now, since the clock's origin.
    var now: Duration { get }
}

/// The real clock: Swift's `ContinuousClock`, measured from the moment this value was made.
public struct SystemTrainingClock: TrainingClock, Sendable {
    private let origin: ContinuousClock.Instant

    /// A clock whose origin is now.
    public init() {
        origin = ContinuousClock.now
    }

    /// Time since this clock was made.
    public var now: Duration { origin.duration(to: ContinuousClock.now) }
}

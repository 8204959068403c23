import SystemCalls

/// When captured samples may be handed on: a stream is delivered as if captured live, never
/// sooner than its sample rate allows from its first sample. The real pace sleeps on the
/// reader's wake pipe (a stop ends the sleep); a test's pace only notes the times it was asked for.
public protocol InputPace: Sendable {
    /// Seconds since some fixed origin.
    func now() -> Double
    /// Returns once `now() >= time`, or early when `wake` is woken.
    func wait(until time: Double, wake: WakePipe)
}

/// The machine's monotonic clock.
public struct LivePace: InputPace {
    private let origin = ContinuousClock.now

    public init() {}

    public func now() -> Double {
        let elapsed = origin.duration(to: .now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }

    public func wait(until time: Double, wake: WakePipe) {
        let left = time - now()
        if left > 0 { wake.sleep(for: .nanoseconds(Int64(left * 1e9))) }
    }
}

/// Hands every block on at once: a file read as fast as it can be (the tests, `make bench-listen`).
/// The stream's own time then stands for the clock's: a judgement's delay from its onset is the
/// stream's, as if captured live, less only the pace's wait.
public struct NoPace: InputPace {
    public init() {}

    public func now() -> Double { 0 }

    public func wait(until time: Double, wake: WakePipe) {}
}

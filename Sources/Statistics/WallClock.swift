import Foundation
import Synchronization

/// Where "now" comes from: answer times and the end of the trend windows.
public protocol WallClock: Sendable {
    /// The current time.
    func now() -> Date
}

/// The system's real-time clock.
public struct SystemWallClock: WallClock {
    /// The system clock.
    public init() {}

    public func now() -> Date { Date() }
}

/// A clock that says what it is told: for tests that script a history.
public final class ManualWallClock: WallClock {
    private let time: Mutex<Date>

    /// A clock reading `start`.
    public init(_ start: Date) {
        time = Mutex(start)
    }

    public func now() -> Date { time.withLock { $0 } }

    /// Sets the time.
    public func set(_ date: Date) { time.withLock { $0 = date } }

    /// Moves the time on by `seconds`.
    public func advance(by seconds: Double) { time.withLock { $0 += seconds } }
}

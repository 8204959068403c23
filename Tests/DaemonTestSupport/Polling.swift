import Foundation
import ProcessTestSupport

/// Waiting for what a daemon does on its own time (a line on stdout, a file appearing), without
/// holding a thread: between looks the task sleeps, so suites running beside it keep the pool.
public enum Polling {
    /// Waits until `condition` holds, looking every `interval` (10 ms unless a look is costly, as
    /// reading a growing WAV is), for at most `seconds`; whether it held.
    @discardableResult
    public static func wait(seconds: Double = 10, every interval: Duration = .milliseconds(10),
                            until condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: interval)
        }
        return await condition()
    }
}

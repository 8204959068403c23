import Foundation

/// Waiting for what a daemon does on its own time (a line on stdout, a file appearing).
public enum Polling {
    /// Waits until `condition` holds, polling every 10 ms, for at most `seconds`; whether it held.
    @discardableResult
    public static func wait(seconds: Double = 10, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return condition()
    }
}

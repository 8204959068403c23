import Foundation

/// A task executor with one thread of its own, for in-process daemons. The tests talk to the
/// daemon with blocking reads from the cooperative pool (two threads on a two-core machine); a
/// daemon running on that pool as well would wait for the very threads that wait for it. Its
/// tasks, child tasks and actor calls all prefer this executor instead (SE-0417).
final class DaemonThread: TaskExecutor, @unchecked Sendable {
    /// One thread for every test's daemon: none of them blocks it for long.
    static let shared = DaemonThread()

    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var jobs: [UnownedJob] = []

    private init() {
        let thread = Thread { [self] in serve() }
        thread.name = "test-daemon"
        thread.start()
    }

    func enqueue(_ job: UnownedJob) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

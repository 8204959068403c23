import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The thread the cello's measurements run on, one at a time, at the lowest CPU priority
/// (nice 19). A measurement renders a second of cello and reads its pitch: on a slow machine
/// (about 2 s each in the emulated VM) one run at the sound card's priority took the CPU from it,
/// and the note sounding at the time broke up (50 ms of silence in the student's boot WAV).
/// The thread ends when no job is left and is started again for the next.
final class MeasuringThread: Sendable {
    private struct Queue: ~Copyable {
        var jobs: [@Sendable () -> Void] = []
        var running = false
    }

    private let queue = Mutex(Queue())

    /// Runs `job` after the jobs given before it, without waiting for it.
    func submit(_ job: @escaping @Sendable () -> Void) {
        let start = queue.withLock { queue in
            queue.jobs.append(job)
            defer { queue.running = true }
            return !queue.running
        }
        if start { Thread { [self] in drain() }.start() }
    }

    /// Runs `body` on the thread and waits for its answer. Never call it from a job: the job would
    /// wait for itself.
    func run<Value: Sendable>(_ body: @escaping @Sendable () throws(AudioError) -> Value) throws(AudioError) -> Value {
        let answer = Mutex<Result<Value, AudioError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        submit {
            let result = Result { () throws(AudioError) -> Value in try body() }
            answer.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try answer.withLock { $0! }.get()
    }

    private func drain() {
        #if canImport(Glibc)
        // On Linux the nice value is the calling thread's own (setpriority(2), NOTES).
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        #endif
        while let job = queue.withLock({ queue -> (@Sendable () -> Void)? in
            guard !queue.jobs.isEmpty else {
                queue.running = false
                return nil
            }
            return queue.jobs.removeFirst()
        }) {
            job()
        }
    }
}

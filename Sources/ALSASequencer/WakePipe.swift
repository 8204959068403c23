import Glibc
import Synchronization

/// A failed system call (not alsa-lib): the function and its errno.
public struct SystemCallError: Error, Sendable, Hashable {
    public let function: String
    public let errno: Int32
}

/// The input thread's wake-up line: a pipe it polls beside the sequencer, and a stop flag.
/// Writing a byte makes the thread's `poll()` return at once.
final class WakePipe: Sendable {
    let readDescriptor: Int32
    private let writeDescriptor: Int32
    private let stopping = Atomic<Bool>(false)

    init() throws(SystemCallError) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw SystemCallError(function: "pipe", errno: errno) }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Whether the thread has been asked to stop.
    var stopRequested: Bool { stopping.load(ordering: .acquiring) }

    /// Asks the thread to stop and wakes it.
    func requestStop() {
        stopping.store(true, ordering: .releasing)
        wake()
    }

    /// Makes the thread's `poll()` return.
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Empties the pipe after a wake-up.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readDescriptor, &buffer, buffer.count) > 0 {}
    }

    /// Sleeps until woken or until `timeout` has passed.
    func sleep(for timeout: Duration) {
        var descriptor = pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, timeout.pollMilliseconds)
        drain()
    }
}

extension Duration {
    /// This duration in whole milliseconds for `poll()`, rounded up, at least 0.
    var pollMilliseconds: Int32 {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(milliseconds, 0))
    }
}

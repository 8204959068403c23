import Glibc
import Synchronization

/// A thread's wake-up line: a pipe the thread polls beside its other descriptors, and a stop flag.
/// Writing a byte makes the thread's `poll()` (or `epoll_wait`) return at once; so does
/// `requestStop()`, after which `stopRequested` is true. Both ends are non-blocking and
/// close-on-exec. The corresponding C function is `pipe`.
public final class WakePipe: Sendable {
    /// The end the thread polls and drains.
    public let readEnd: FileDescriptor
    /// The end that wakes it; its number may be written to from a signal handler.
    public let writeEnd: FileDescriptor
    private let stopping = Atomic<Bool>(false)

    /// Opens the pipe. The corresponding C functions are `pipe` and `fcntl`.
    public init() throws(SystemCallError) {
        var ends: (Int32, Int32) = (-1, -1)
        try withUnsafeMutableBytes(of: &ends) { buffer throws(SystemCallError) in
            let descriptors = buffer.baseAddress!.assumingMemoryBound(to: Int32.self)
            try systemCall("pipe") { pipe(descriptors) }
        }
        readEnd = FileDescriptor(taking: ends.0)
        writeEnd = FileDescriptor(taking: ends.1)
        try readEnd.makeNonBlocking()
        try writeEnd.makeNonBlocking()
    }

    /// Whether the thread has been asked to stop.
    public var stopRequested: Bool { stopping.load(ordering: .acquiring) }

    /// Asks the thread to stop and wakes it.
    public func requestStop() {
        stopping.store(true, ordering: .releasing)
        wake()
    }

    /// Makes the thread's wait return. A full pipe is fine: the thread is woken already.
    public func wake() {
        var byte: UInt8 = 1
        _ = try? nonBlockingSystemCall("write") { write(writeEnd.rawValue, &byte, 1) }
    }

    /// Empties the pipe after a wake-up.
    public func drain() {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer in
            while let count = try? nonBlockingSystemCall("read", { read(readEnd.rawValue, buffer.baseAddress, buffer.count) }),
                  count > 0 {}
        }
    }

    /// The next byte written, if one waits (a signal handler writes the signal's number).
    public func nextByte() -> UInt8? {
        var byte: UInt8 = 0
        let count = try? nonBlockingSystemCall("read") { read(readEnd.rawValue, &byte, 1) }
        return count == 1 ? byte : nil
    }

    /// Sleeps until woken or until `timeout` has passed.
    public func sleep(for timeout: Duration) {
        var descriptor = pollfd(fd: readEnd.rawValue, events: Int16(POLLIN), revents: 0)
        _ = try? systemCall("poll") { poll(&descriptor, 1, timeout.pollMilliseconds) }
        drain()
    }
}

extension Duration {
    /// This duration in whole milliseconds for `poll()`, rounded up, at least 0.
    public var pollMilliseconds: Int32 {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(milliseconds, 0))
    }
}

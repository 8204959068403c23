import Glibc
import Synchronization
import Testing

@testable import SystemCalls

/// The one errno path: interrupted calls are made again, failures name the call and its errno.
@Suite("systemCall")
struct SystemCallTests {
    @Test("a call interrupted by a signal (EINTR) is made again until it answers")
    func retriesInterrupted() throws {
        var calls = 0
        let result = try systemCall("read") { () -> Int in
            calls += 1
            guard calls == 3 else {
                errno = EINTR
                return -1
            }
            return 5
        }
        #expect(result == 5)
        #expect(calls == 3)
    }

    @Test("a failure throws the errno, typed, with the function's name")
    func namesTheFunction() {
        #expect(throws: SystemCallError(function: "close(-1)", errno: .badFileDescriptor)) {
            try systemCall("close(-1)") { close(-1) }
        }
        let error = SystemCallError(function: "bind(/run/x.sock)", errno: .noSuchFileOrDirectory)
        #expect(error.description == "bind(/run/x.sock) failed: No such file or directory (errno 2)")
    }

    @Test("on a non-blocking descriptor, nothing to read is nil, not an error; other failures still throw")
    func wouldBlockIsNil() throws {
        let pipe = try WakePipe()
        var byte: UInt8 = 0
        #expect(try nonBlockingSystemCall("read") { read(pipe.readEnd.rawValue, &byte, 1) } == nil)
        #expect(throws: SystemCallError(function: "read", errno: .badFileDescriptor)) {
            try nonBlockingSystemCall("read") { read(-1, &byte, 1) }
        }
    }

    @Test("a real signal interrupting a blocking read: the read is made again and gets the byte")
    func realSignal() throws {
        var ends: [Int32] = [-1, -1]
        try systemCall("socketpair") { socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) }
        let reader = FileDescriptor(taking: ends[0])
        let writer = FileDescriptor(taking: ends[1])
        // A handler without SA_RESTART, so the kernel returns EINTR instead of restarting the read.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(SIGUSR1, &action, &previous)
        defer { sigaction(SIGUSR1, &previous, nil) }

        let calls = Atomic<Int>(0)
        let thread = Mutex<pthread_t?>(nil)
        let result = Mutex<Result<Int, SystemCallError>?>(nil)
        let raw = reader.rawValue
        let started = Thread.detached {
            // The thread that started this one may block signals (the mask is inherited).
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGUSR1)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            thread.withLock { $0 = pthread_self() }
            var byte: UInt8 = 0
            let outcome = Result { () throws(SystemCallError) in
                try systemCall("read") { () -> Int in
                    calls.add(1, ordering: .relaxed)
                    return read(raw, &byte, 1)
                }
            }
            result.withLock { $0 = outcome }
        }
        _ = started
        let deadline = ContinuousClock.now + .seconds(5)
        while calls.load(ordering: .relaxed) < 2 && ContinuousClock.now < deadline {
            if let target = thread.withLock({ $0 }) { pthread_kill(target, SIGUSR1) }
            usleep(10_000)
        }
        #expect(calls.load(ordering: .relaxed) >= 2, "the read was never interrupted and made again")
        var byte: UInt8 = 7
        #expect(write(writer.rawValue, &byte, 1) == 1)
        while result.withLock({ $0 }) == nil && ContinuousClock.now < deadline { usleep(1000) }
        #expect(try result.withLock({ $0 })?.get() == 1)
    }
}

/// Starts a plain thread (no Foundation in this target's tests).
private enum Thread {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    @discardableResult
    static func detached(_ body: @escaping @Sendable () -> Void) -> pthread_t {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        pthread_create(&thread, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        pthread_detach(thread)
        return thread
    }
}

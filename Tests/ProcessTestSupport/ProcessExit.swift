import Foundation

extension Process {
    /// Waits for the process to end, without holding a thread (`waitUntilExit` would hold one of
    /// the pool the tests share); its exit status.
    @discardableResult
    public func exited() async -> Int32 {
        while isRunning { try? await Task.sleep(for: .milliseconds(5)) }
        return terminationStatus
    }
}

extension FileHandle {
    /// Everything until end of file, read on a thread of its own (a pipe's writer may take its
    /// time); then the handle is closed.
    ///
    /// Closed here because Foundation never would: a `Process` that ran is never freed (its run
    /// loop source holds it), and with it the pipes it was given. The test process gathered 1,741
    /// open pipe ends in one run of the suites, and past about 1,360 descriptors `Process.run`'s
    /// walk of /proc/self/fd in Swift 6.3.1 can read past the end of a buffer (it copies 256 bytes
    /// of each name) and crash the test process with SIGSEGV (swift-corelibs-foundation #5472).
    public func readAll() async -> Data {
        await withCheckedContinuation { done in
            Thread.detachNewThread {
                let data = self.readDataToEndOfFile()
                try? self.close()
                done.resume(returning: data)
            }
        }
    }
}

/// Runs `body` on a thread of its own and waits for it as a suspended task: seconds of
/// synchronous work (a database filled, every source file read) off the two threads of Swift's
/// pool, which the in-process servers and clients of the suites beside it need (two such works
/// at once held both for a minute under load, and every greeting beside them was missed).
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { done in
        Thread.detachNewThread { done.resume(with: Result { try body() }) }
    }
}

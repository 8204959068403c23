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
    /// Everything until end of file, read on a thread of its own (a pipe's writer may take its time).
    public func readAll() async -> Data {
        await withCheckedContinuation { done in
            Thread.detachNewThread { done.resume(returning: self.readDataToEndOfFile()) }
        }
    }
}

/// Calls a system function, again while a signal interrupts it (EINTR), and turns its failure
/// (-1) into a `SystemCallError` naming `function` and carrying the errno. Every system call in
/// the package goes through here or `nonBlockingSystemCall`, so EINTR is handled in one place
/// (as swift-nio's `syscall(blocking:where:)` and swift-system's `valueOrErrno(retryOnInterrupt:)`).
@discardableResult
public func systemCall<Result: FixedWidthInteger & SignedInteger>(
    _ function: String, _ call: () -> Result
) throws(SystemCallError) -> Result {
    while true {
        let result = call()
        guard result == -1 else { return result }
        let errno = Errno.current
        if errno != .interrupted { throw SystemCallError(function: function, errno: errno) }
    }
}

/// `systemCall` on a non-blocking descriptor: nil when the call would have blocked (EAGAIN),
/// which is no failure there.
public func nonBlockingSystemCall<Result: FixedWidthInteger & SignedInteger>(
    _ function: String, _ call: () -> Result
) throws(SystemCallError) -> Result? {
    do {
        return try systemCall(function, call)
    } catch where error.errno == .wouldBlock {
        return nil
    }
}

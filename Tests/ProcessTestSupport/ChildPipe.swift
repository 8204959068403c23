import Foundation

extension Pipe {
    /// A pipe for a child's standard stream that no other child inherits: both ends close on exec,
    /// and the child it is handed to gets its end as stdin, stdout or stderr, which exec keeps.
    ///
    /// Suites start children side by side. A plain `Pipe()`'s write end stays open in this process
    /// until its child is spawned; a daemon another test started in that moment inherited it, and
    /// the reader's end of file waited for that daemon to exit (41 s for a `git grep` that was
    /// done in 30 ms). Here the ends are open without close-on-exec only between `pipe` and
    /// `fcntl`, and no child is spawned in between: that moment and every test's spawn
    /// (`Process.runAlone()`) take turns. A daemon spawned by another test in that moment would
    /// keep this pipe's read end open for its whole life: a test that closed its own reader to
    /// see the daemon meet a closed stdout waited in vain (1 run in 20, 2026-11-30).
    public static func forChild() -> Pipe {
        ChildSpawn.lock.lock()
        defer { ChildSpawn.lock.unlock() }
        let pipe = Pipe()
        for end in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
            _ = fcntl(end.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        return pipe
    }
}

/// What a test's spawn and the making of a child's pipe hold, so that they take turns.
public enum ChildSpawn {
    static let lock = NSLock()
}

extension Process {
    /// `run()`, never while `Pipe.forChild()` has a pipe open without close-on-exec. Every child a
    /// test starts is started so (spawning takes a millisecond or two).
    public func runAlone() throws {
        ChildSpawn.lock.lock()
        defer { ChildSpawn.lock.unlock() }
        try run()
    }
}

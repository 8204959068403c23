import Foundation

extension Pipe {
    /// A pipe for a child's standard stream that no other child inherits: both ends close on exec,
    /// and the child it is handed to gets its end as stdin, stdout or stderr, which exec keeps.
    ///
    /// Suites start children side by side. A plain `Pipe()`'s write end stays open in this process
    /// until its child is spawned; a daemon another test started in that moment inherited it, and
    /// the reader's end of file waited for that daemon to exit (41 s for a `git grep` that was
    /// done in 30 ms). Here the ends are open without close-on-exec only between `pipe` and
    /// `fcntl`, a few instructions.
    public static func forChild() -> Pipe {
        let pipe = Pipe()
        for end in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
            _ = fcntl(end.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        return pipe
    }
}

import Glibc

/// The write end of the signal pipe; the handler may only touch globals.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// SIGINT, SIGTERM, SIGHUP and SIGWINCH turned into bytes on a pipe to poll (the self-pipe
/// trick), so that quitting by a signal still runs the code that restores the terminal.
struct SignalDescriptor {
    /// The read end: one byte, the signal's number, per signal.
    let fd: Int32

    init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        fd = ends[0]
        signalPipeWriteEnd = ends[1]
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] {
            _ = Glibc.signal(signal) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = Glibc.write(signalPipeWriteEnd, &byte, 1)
            }
            sigaddset(&set, signal)
        }
        // A parent may have started us with them blocked (the mask is inherited): unblock them.
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The signal that arrived (0 if none is waiting).
    func read() -> Int32 {
        var byte: UInt8 = 0
        return Glibc.read(fd, &byte, 1) == 1 ? Int32(byte) : 0
    }
}

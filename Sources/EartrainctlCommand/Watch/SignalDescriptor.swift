import Glibc
import SystemCalls

/// The pipe the handler writes to, made once and kept for the life of the process: a handler may
/// run at any moment, so its descriptor must never be closed (and its number given to another).
private let signalPipe: WakePipe? = try? WakePipe()
/// The pipe's write end, where the handler can reach it (it may only touch globals).
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// SIGINT, SIGTERM, SIGHUP and SIGWINCH turned into bytes on a pipe to poll (the self-pipe
/// trick), so that quitting by a signal still runs the code that restores the terminal.
struct SignalDescriptor {
    private let pipe: WakePipe

    /// The read end: one byte, the signal's number, per signal.
    var fd: Int32 { pipe.readEnd.rawValue }

    init?() {
        guard let signalPipe else { return nil }
        pipe = signalPipe
        signalPipeWriteEnd = signalPipe.writeEnd.rawValue
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
        pipe.nextByte().map(Int32.init) ?? 0
    }
}

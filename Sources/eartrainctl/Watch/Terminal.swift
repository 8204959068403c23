import Glibc

/// The controlling terminal in full-screen mode: raw keys, no echo, the alternate screen, the
/// cursor hidden. `restore()` (also run by `deinit`) puts every one of them back.
final class Terminal {
    private var original = termios()
    private var active = false
    private var raw = false
    /// Whether keys are read raw from standard input (it is a terminal).
    var readsKeys: Bool { raw }

    /// Enters the alternate screen, and raw mode when `keys` (standard input is a terminal).
    init(keys: Bool) {
        if keys, tcgetattr(STDIN_FILENO, &original) == 0 {
            var modes = original
            cfmakeraw(&modes)
            // Keep output processing so "\n" still returns the carriage.
            modes.c_oflag |= tcflag_t(OPOST)
            raw = tcsetattr(STDIN_FILENO, TCSAFLUSH, &modes) == 0
        }
        active = true
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    deinit { restore() }

    /// Leaves the alternate screen, shows the cursor and restores the saved terminal modes.
    func restore() {
        guard active else { return }
        active = false
        write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        if raw { tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }
    }

    /// Columns and rows, or 80×24 when the terminal does not say.
    static func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        return (80, 24)
    }

    /// Paints `lines` from the top left, clearing what each line and the screen below leave over.
    func paint(_ lines: [String]) {
        write("\u{1B}[H" + lines.map { $0 + "\u{1B}[0m\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J")
    }

    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written <= 0 { if errno == EINTR { continue } else { return } }
            bytes = bytes.dropFirst(written)
        }
    }
}

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

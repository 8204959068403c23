import Glibc
import SystemCalls

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

    /// Writes all of `text`; a terminal that is gone is not an error worth more than the lost frame.
    func write(_ text: String) {
        try? writeAll(text.utf8, to: STDOUT_FILENO)
    }
}

import ControlProtocol
import Foundation
import Synchronization
import SystemCalls
import Training

/// Writes one line per event on stdout: for a person (`12.4s  D dorian  E3 ✓  2/8`) or, with
/// `--log-format json`, the same report as JSON. Under journald (`JOURNAL_STREAM` set) each line
/// carries a syslog priority prefix (`<6>` info, `<5>` notice, `<4>` warning).
///
/// Lines are written on a thread of their own, so a stdout nobody reads (a paused pager, a
/// stopped terminal) never stops the core, which hands each event on its way: at most
/// `maximumBacklog` lines wait; past that they are dropped and counted, and the count is written
/// in their place once stdout takes lines again.
public final class StdoutReporter: EventFollower, Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case human, json
    }

    public static let maximumBacklog = 1000

    private let format: Format
    private let journald: Bool
    /// The reporter's own copy of the descriptor it was given (see `init`), closed with it.
    private let owned: Int32
    private let output: Mutex<Output>
    private let writer = DispatchQueue(label: "eartrainer.stdout")
    private let backlog = Mutex(Backlog())

    /// `output` is the descriptor lines go to (standard output); it is not closed. The reporter
    /// writes to a copy of its own (`dup`), closed when the reporter goes: its writer thread may
    /// outlive the caller's descriptor, and a number closed there and given to a new socket would
    /// receive the lines still queued (a test's stdout pipe once sent an event line into another
    /// test's daemon connection, answered −32700).
    public init(format: Format, environment: [String: String] = ProcessInfo.processInfo.environment,
                output: Int32 = STDOUT_FILENO) {
        self.format = format
        journald = environment["JOURNAL_STREAM"] != nil
        owned = fcntl(output, F_DUPFD_CLOEXEC, 3)
        self.output = Mutex(Output(descriptor: owned >= 0 ? owned : nil))
    }

    deinit {
        if owned >= 0 { close(owned) }
    }

    public func follow(_ report: EventReport, event: TrainingEvent?) {
        let priority = report.type == "device" ? 5 : 6
        write(format == .json ? Wire.encode(report) : report.text, priority: priority)
    }

    /// A line that is not an event (start-up, what is missing), in the same format.
    public func say(_ message: String, warning: Bool = false) {
        write(text(of: message, warning: warning), priority: warning ? 4 : 6)
    }

    /// Waits until the lines handed in so far are written, for at most `limit` (a stdout nobody
    /// reads must not hold up the daemon's exit either). True when they were.
    @discardableResult
    public func flush(within limit: Duration = .seconds(2)) -> Bool {
        let written = DispatchSemaphore(value: 0)
        writer.async { written.signal() }
        return written.wait(timeout: .now() + limit.seconds) == .success
    }

    /// A message that is not an event, as this reporter's format writes it.
    private func text(of message: String, warning: Bool) -> String {
        format == .json ? Wire.encode(["type": warning ? "warning" : "info", "text": message]) : message
    }

    /// The line for `text`, with journald's priority prefix when under journald.
    private func line(_ text: String, priority: Int) -> String {
        (journald ? "<\(priority)>" : "") + text + "\n"
    }

    /// Queues a line for the writer, or counts it as dropped when too many wait.
    private func write(_ text: String, priority: Int) {
        let line = self.line(text, priority: priority)
        let queued = backlog.withLock { backlog -> Bool in
            guard backlog.waiting < Self.maximumBacklog else {
                backlog.dropped += 1
                return false
            }
            backlog.waiting += 1
            return true
        }
        guard queued else { return }
        writer.async { [self] in
            let dropped = backlog.withLock { backlog in
                defer { backlog.dropped = 0 }
                return backlog.dropped
            }
            if dropped > 0 {
                let notice = "\(dropped) lines dropped: stdout was not being read (the socket and statistics have every event)"
                writeNow(self.line(self.text(of: notice, warning: true), priority: 4))
            }
            writeNow(line)
            backlog.withLock { $0.waiting -= 1 }
        }
    }

    /// Writes a line, on the writer's thread. When stdout is gone (its reader closed:
    /// `eartrainerd | head`, a journald that went away) the reporter says so once on stderr and
    /// stops printing; the daemon goes on (SIGPIPE is ignored by `eartrainerd run`), since the
    /// socket and statistics carry the events.
    private func writeNow(_ line: String) {
        output.withLock { output in
            guard let descriptor = output.descriptor else { return }
            do {
                try writeAll(line.utf8, to: descriptor)
            } catch {
                output.descriptor = nil
                try? writeAll(
                    "eartrainerd: stdout closed (\(error)); no more event lines there, the socket and statistics carry on\n".utf8,
                    to: STDERR_FILENO)
            }
        }
    }

    /// Where lines go; nil once that failed.
    private struct Output {
        var descriptor: Int32?
    }

    /// Lines handed to the writer and not yet written, and lines dropped since the last written.
    private struct Backlog {
        var waiting = 0
        var dropped = 0
    }
}

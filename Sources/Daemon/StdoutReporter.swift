import ControlProtocol
import Foundation
import Synchronization
import Training

/// Writes one line per event on stdout: for a person (`12.4s  D dorian  E3 ✓  2/8`) or, with
/// `--log-format json`, the same report as JSON. Under journald (`JOURNAL_STREAM` set) each line
/// carries a syslog priority prefix (`<6>` info, `<5>` notice, `<4>` warning).
public final class StdoutReporter: EventFollower {
    public enum Format: String, Sendable, CaseIterable {
        case human, json
    }

    private let format: Format
    private let journald: Bool
    private let output: Mutex<Output>

    public init(format: Format, environment: [String: String] = ProcessInfo.processInfo.environment,
                output: FileHandle = .standardOutput) {
        self.format = format
        journald = environment["JOURNAL_STREAM"] != nil
        self.output = Mutex(Output(handle: output))
    }

    public func follow(_ report: EventReport, event: TrainingEvent?) {
        let priority = report.type == "device" ? 5 : 6
        write(format == .json ? Wire.encode(report) : report.text, priority: priority)
    }

    /// A line that is not an event (start-up, what is missing), in the same format.
    public func say(_ message: String, warning: Bool = false) {
        let text = format == .json
            ? Wire.encode(["type": warning ? "warning" : "info", "text": message]) : message
        write(text, priority: warning ? 4 : 6)
    }

    /// Writes a line. When stdout is gone (its reader closed: `eartrainerd | head`, a journald
    /// that went away) the reporter says so once on stderr and stops printing; the daemon goes on
    /// (SIGPIPE is ignored by `eartrainerd run`), since the socket and statistics carry the events.
    private func write(_ text: String, priority: Int) {
        let line = (journald ? "<\(priority)>" : "") + text + "\n"
        output.withLock { output in
            guard let handle = output.handle else { return }
            do {
                try handle.write(contentsOf: Data(line.utf8))
            } catch {
                output.handle = nil
                try? FileHandle.standardError.write(contentsOf: Data(
                    "eartrainerd: stdout closed (\(error.localizedDescription)); no more event lines there, the socket and statistics carry on\n".utf8))
            }
        }
    }

    /// Where lines go; nil once that failed.
    private struct Output {
        var handle: FileHandle?
    }
}

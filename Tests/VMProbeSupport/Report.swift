import Foundation
import Synchronization

/// A VM scenario's check results, printed as they come and written to the results folder at the
/// end; shared by the probes the VM harness runs (scripts/vm).
public final class Report: Sendable {
    private let name: String
    private let lines = Mutex<[String]>([])
    private let counts = Mutex((passed: 0, failed: 0))

    /// A report whose summary line starts with `name` (`alsa-vm`, `audio-vm`).
    public init(name: String) {
        self.name = name
    }

    /// Records one check: passes when `ok`.
    public func check(_ name: String, _ ok: Bool, _ detail: String) {
        counts.withLock { ok ? ($0.passed += 1) : ($0.failed += 1) }
        note("\(ok ? "PASS" : "FAIL") \(name): \(detail)")
    }

    /// Records an informational line.
    public func note(_ line: String) {
        print(line)
        fflush(nil)
        lines.withLock { $0.append(line) }
    }

    public var failed: Int { counts.withLock { $0.failed } }
    public var summary: String { counts.withLock { "\(name): \($0.passed) passed, \($0.failed) failed" } }
    public var text: String { lines.withLock { $0.joined(separator: "\n") } + "\n" + summary + "\n" }
}

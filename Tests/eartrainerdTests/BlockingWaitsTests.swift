import Foundation
import ProcessTestSupport
import Testing

/// No test of the side-by-side stage waits for a process or a pipe on a thread of Swift's pool:
/// the suites share two of them, and a test that held one while a subprocess ran (music21 for
/// seconds, minutes on a busy machine) beside a `.cpuHeavy` test holding the other left every
/// other test's tasks without a thread: servers under test never greeted their clients within a
/// minute. Such a wait goes on a thread of its own (`Thread.detachNewThread`, ProcessTestSupport's
/// `exited()` and `readAll()`), or in a `readabilityHandler`. This reads the test sources.
@Suite("blocking waits", .cpuHeavy)
struct BlockingWaitsTests {
    /// The calls that block until a process or a pipe is done.
    static let blocking = ["waitUntilExit()", "readDataToEndOfFile()", ".availableData"]

    /// Files that may, each with why.
    static let allowed: [String: String] = [
        "ProcessTestSupport/ProcessExit.swift": "the helpers that move the wait to a thread of their own",
        "ProcessTestSupport/PoolWatch.swift": "the pool watch's own thread, which waits for gdb only when the pool has stalled",
        "eartrainerdTests/DaemonProcess.swift": "the rest of a pipe whose writer has exited: it returns at once",
        "VMProbeSupport/Child.swift": "run in the VM by its probes, one at a time, not by swift test's suites",
        "VMProbeSupport/Shell.swift": "run in the VM by its probes, one at a time, not by swift test's suites",
        "DaemonAppTests/TestDaemon.swift": "PipeText.read, which the pipe's readabilityHandler calls when it holds something",
        "eartrainerdTests/BlockingWaitsTests.swift": "this guard's own list",
    ]

    /// The lines of `text` that block on a pool thread: a blocking call with no thread of its own
    /// or handler on that line or the one before it.
    static func blockingLines(in text: String) -> [Int] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.indices.filter { index in
            guard blocking.contains(where: lines[index].contains) else { return false }
            let context = lines[max(0, index - 1)...index].joined(separator: "\n")
            return !context.contains("Thread") && !context.contains("readabilityHandler")
        }.map { $0 + 1 }
    }

    @Test("no test waits for a process or a pipe on a thread of the pool the suites share")
    func noBlockingWaits() throws {
        let found = try WallClockBoundsTests.testSources().filter { Self.allowed[$0.path] == nil }.flatMap { source in
            Self.blockingLines(in: source.text).map { "\(source.path):\($0)" }
        }
        #expect(found.isEmpty, "waits to move to a thread of their own:\n\(found.joined(separator: "\n"))")
    }

    @Test("the check finds a wait on the pool, not one on a thread of its own or in a handler")
    func checkFindsWaits() {
        let text = """
            process.waitUntilExit()
            Thread.detachNewThread { done.resume(returning: handle.readDataToEndOfFile()) }
            out.fileHandleForReading.readabilityHandler = { handle in text.append(handle.availableData) }
            var text = ""
            let chunk = output.fileHandleForReading.availableData
            """
        #expect(Self.blockingLines(in: text) == [1, 5])
    }
}

import Foundation

/// A child process whose output goes to a log file; its standard input stays open (a pipe) until
/// `stop`. Shared by the VM probes (scripts/vm) for the programs they run beside them.
public final class Child {
    public let process = Process()
    public let input = Pipe()
    public let logPath: String

    /// Starts `arguments` (looked up on PATH by `env`), output to `log`.
    public init(_ arguments: [String], log: String, environment: [String: String]? = nil) throws {
        logPath = log
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let handle = FileHandle(forWritingAtPath: log)!
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = input
        try process.run()
    }

    /// Writes one line to its standard input.
    public func send(_ line: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Everything it has written so far.
    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// SIGTERM, then waits up to `timeout` (SIGKILL after); returns the exit status, nil if killed.
    public func stop(timeout: Duration = .seconds(10)) -> Int32? {
        if process.isRunning { process.terminate() }
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
    }
}

import Foundation
@_exported import ProcessTestSupport

/// A program run to its end, what it printed on stdout and stderr read together.
public enum Command {
    /// What it printed and how it exited.
    public struct Output: CustomStringConvertible, Sendable {
        public let status: Int32
        /// stdout and stderr, in the order they came.
        public let text: String

        public var description: String { "exit \(status): \(text)" }
    }

    /// Runs `executable` with `arguments`, in `directory` when given, and waits for it.
    public static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil) async throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let pipe = Pipe.forChild()
        process.standardOutput = pipe
        process.standardError = pipe
        let began = ContinuousClock.now
        try process.runAlone()
        let spawned = ContinuousClock.now
        let text = String(decoding: await pipe.fileHandleForReading.readAll(), as: UTF8.self)
        let read = ContinuousClock.now
        let status = await process.exited()
        if DaemonSlot.printsTimes, ContinuousClock.now - began > .seconds(2) {
            print("⏱ \(arguments.prefix(3)): spawn \(spawned - began), read \(read - spawned), exit \(ContinuousClock.now - read)")
        }
        return Output(status: status, text: text)
    }

    /// `command` run by bash, in `directory` when given.
    public static func shell(_ command: String, in directory: URL? = nil) async throws -> Output {
        try await run(URL(fileURLWithPath: "/bin/bash"), ["-c", command], in: directory)
    }
}

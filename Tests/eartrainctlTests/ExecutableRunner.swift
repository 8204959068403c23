import Foundation
import ProcessTestSupport

/// Runs a product of this package (e.g. `eartrainctl`) as a child process, the way a person would.
struct ExecutableRunner {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        /// True when the process ended by a signal (a crash or a trap), not by exit().
        let crashed: Bool
    }

    let executable: URL

    /// Finds the built executable beside the test bundle (SwiftPM puts products and tests together).
    init(product: String) {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent(product).path),
              directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        executable = directory.appendingPathComponent(product)
    }

    /// Runs `arguments`, with `environment` added to this process's own.
    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe.forChild()
        let err = Pipe.forChild()
        process.standardOutput = out
        process.standardError = err
        try process.runAlone()
        // Read before waiting, so a full pipe cannot stall the child.
        async let errData = err.fileHandleForReading.readAll()
        let outData = await out.fileHandleForReading.readAll()
        let status = await process.exited()
        return Result(
            status: status,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: await errData, as: UTF8.self),
            crashed: process.terminationReason == .uncaughtSignal
        )
    }
}

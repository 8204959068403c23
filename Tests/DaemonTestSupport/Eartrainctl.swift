import Foundation
import ProcessTestSupport

/// `eartrainctl` run as a person runs it, against a test's daemon.
public struct Eartrainctl {
    /// What it printed and how it exited.
    public struct Output: CustomStringConvertible, Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String

        public var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        public var description: String { "exit \(status); stdout: \(stdout); stderr: \(stderr)" }
    }

    /// Runs `arguments`, then `--socket socket` when given. The client's own way of finding a
    /// socket (`$EARTRAINER_SOCKET`, `$XDG_RUNTIME_DIR`) is cleared unless `environment` sets it,
    /// so a test never reaches a real user's daemon. Each wait for the daemon may take two minutes
    /// (`ETCTL_TIMEOUT`), not the 10 s a person gets: suites side by side load the machine, and a
    /// test bounds what it means to bound itself.
    /// It runs in `directory` when given (a relative path on its command line is taken from there),
    /// else in the temporary folder.
    public static func run(_ arguments: [String], socket: String?, environment: [String: String] = [:], in directory: URL? = nil) async throws -> Output {
        let process = Process()
        process.executableURL = BuiltProduct.url("eartrainctl")
        process.arguments = arguments + (socket.map { ["--socket", $0] } ?? [])
        var env = ProcessInfo.processInfo.environment
        for key in ["EARTRAINER_SOCKET", "XDG_RUNTIME_DIR"] { env.removeValue(forKey: key) }
        env["ETCTL_TIMEOUT"] = "120"
        env.merge(environment) { $1 }
        process.environment = env
        // Not the package folder, where a `make run` daemon keeps ./run/eartrainer.sock.
        process.currentDirectoryURL = directory ?? FileManager.default.temporaryDirectory
        let out = Pipe.forChild()
        let err = Pipe.forChild()
        process.standardOutput = out
        process.standardError = err
        try process.runAlone()
        // Both pipes are read at once, so neither can fill and stall the client.
        async let errData = err.fileHandleForReading.readAll()
        let outData = await out.fileHandleForReading.readAll()
        let errText = String(decoding: await errData, as: UTF8.self)
        let status = await process.exited()
        return Output(status: status, stdout: String(decoding: outData, as: UTF8.self), stderr: errText)
    }
}

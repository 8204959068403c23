import Foundation

/// `eartrainctl` run as a person runs it, against a test's daemon.
struct Eartrainctl {
    struct Output: CustomStringConvertible {
        let status: Int32
        let stdout: String
        let stderr: String

        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        var description: String { "exit \(status); stdout: \(stdout); stderr: \(stderr)" }
    }

    /// Runs `arguments`, then `--socket socket` when given. The client's own way of finding a
    /// socket (`$EARTRAINER_SOCKET`, `$XDG_RUNTIME_DIR`) is cleared unless `environment` sets it,
    /// so a test never reaches a real user's daemon.
    static func run(_ arguments: [String], socket: String?, environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = DaemonProcess.executable("eartrainctl")
        process.arguments = arguments + (socket.map { ["--socket", $0] } ?? [])
        var env = ProcessInfo.processInfo.environment
        for key in ["EARTRAINER_SOCKET", "XDG_RUNTIME_DIR"] { env.removeValue(forKey: key) }
        env.merge(environment) { $1 }
        process.environment = env
        // Not the package folder, where a `make run` daemon keeps ./run/eartrainer.sock.
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // stderr is read on the side, so neither pipe can fill and stall the client.
        let errText = TextBuffer()
        let errRead = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            errText.append(err.fileHandleForReading.readDataToEndOfFile())
            errRead.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errRead.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: errText.text)
    }
}

extension DaemonProcess {
    /// Runs eartrainctl against this daemon's socket.
    func ctl(_ arguments: String...) throws -> Eartrainctl.Output {
        try Eartrainctl.run(arguments, socket: socketPath)
    }
}

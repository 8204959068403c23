import ControlClient
import ControlProtocol
import DaemonTestSupport
import Foundation
import ProcessTestSupport
import Glibc
import Synchronization

/// The real `eartrainerd`, started as a child process on a fresh socket in a temporary folder.
final class DaemonProcess {
    let process = Process()
    let folder: URL
    let socketPath: String
    private let stdoutText = TextBuffer()
    private let stderrText = TextBuffer()
    private let outPipe = Pipe.forChild()
    private let errPipe = Pipe.forChild()

    /// Variables the test runner's environment may carry that the daemon must not see unless a
    /// test sets them: systemd's (notify, watchdog, journal, socket activation), the runtime
    /// folders that choose a socket path (`$RUNTIME_DIRECTORY`, `$XDG_RUNTIME_DIR`), the config file,
    /// and the sound server `audio.driver = "auto"` would choose (`$PULSE_SERVER`; with
    /// `$XDG_RUNTIME_DIR` gone too, `auto` opens ALSA, as on the test machines).
    static let clearedEnvironment = [
        "NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "JOURNAL_STREAM", "LISTEN_FDS", "LISTEN_PID",
        "RUNTIME_DIRECTORY", "XDG_RUNTIME_DIR", "EARTRAINER_CONFIG", "PULSE_SERVER",
    ]

    /// Finds a product beside the test bundle.
    static func executable(_ product: String) -> URL {
        BuiltProduct.url(product)
    }

    /// Starts the daemon; `arguments` come after `--socket PATH` unless `socket` is false. Without
    /// `audio` it runs silent (`--audio off`): most tests are about the protocol, not the sound.
    init(arguments: [String] = [], environment: [String: String] = [:], socket: Bool = true, audio: Bool = false,
         launcher: [String] = []) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("etd-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        socketPath = folder.appendingPathComponent("eartrainer.sock").path
        // EARTRAINERD picks another build of the daemon (`make bench-abuse` measures the release one).
        let daemon = ProcessInfo.processInfo.environment["EARTRAINERD"] ?? Self.executable("eartrainerd").path
        let shippedConfig = ConsoleExample.repository.appendingPathComponent("config/eartrainer.toml").path
        let chosenConfig = arguments.contains("--config") ? [] : ["--config", shippedConfig]
        let daemonArguments = (socket ? ["--socket", socketPath] : []) + (audio ? [] : ["--audio", "off"]) + chosenConfig + arguments
        if launcher.isEmpty {
            process.executableURL = URL(fileURLWithPath: daemon)
            process.arguments = daemonArguments
        } else {
            process.executableURL = URL(fileURLWithPath: launcher[0])
            process.arguments = Array(launcher.dropFirst()) + [daemon] + daemonArguments
        }
        var env = ProcessInfo.processInfo.environment
        // systemd's variables, and the runtime folders a daemon without --socket would bind in:
        // a test that wants one sets it in `environment`, so no test reaches a real user's daemon.
        for key in Self.clearedEnvironment {
            env.removeValue(forKey: key)
        }
        // Statistics go to this daemon's own folder unless a test says otherwise.
        env["STATE_DIRECTORY"] = folder.appendingPathComponent("state").path
        env.merge(environment) { $1 }
        process.environment = env
        process.currentDirectoryURL = folder
        process.standardOutput = outPipe
        process.standardError = errPipe
        outPipe.fileHandleForReading.readabilityHandler = { [stdoutText] handle in
            let data = handle.availableData
            stdoutText.append(data)
        }
        errPipe.fileHandleForReading.readabilityHandler = { [stderrText] handle in
            let data = handle.availableData
            stderrText.append(data)
        }
        try process.runAlone()
    }

    deinit {
        // Not waited for (a deinit cannot await): Foundation reaps it.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        closeReaders()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Closes this end of both pipes: Foundation never frees a `Process` that ran, nor the pipes it
    /// holds (`FileHandle.readAll` tells why that matters).
    private func closeReaders() {
        for pipe in [outPipe, errPipe] {
            pipe.fileHandleForReading.readabilityHandler = nil
            try? pipe.fileHandleForReading.close()
        }
    }

    var stdout: String { stdoutText.text }

    /// Closes the reading end of the daemon's stdout, as `eartrainerd | head -1` does once head exits.
    func closeStdoutReader() {
        outPipe.fileHandleForReading.readabilityHandler = nil
        try? outPipe.fileHandleForReading.close()
    }
    var stderr: String { stderrText.text }

    /// Waits until the daemon listens (the file appears a moment before it does), then connects.
    func connect() async throws -> ControlConnection {
        var connection: ControlConnection?
        await Polling.wait {
            connection = try? await ControlConnection(path: socketPath)
            return connection != nil
        }
        if let connection { return connection }
        return try await ControlConnection(path: socketPath)
    }

    /// Sends a signal and waits for the process to end; returns its exit status.
    func stop(signal: Int32 = SIGTERM) async -> Int32 {
        kill(process.processIdentifier, signal)
        await process.exited()
        outPipe.fileHandleForReading.readabilityHandler = nil
        errPipe.fileHandleForReading.readabilityHandler = nil
        // Collect whatever was still in the pipes.
        let rest = outPipe.fileHandleForReading.readDataToEndOfFile()
        stdoutText.append(rest)
        closeReaders()
        return process.terminationStatus
    }
}

extension DaemonProcess {
    /// Runs eartrainctl against this daemon's socket.
    func ctl(_ arguments: String...) async throws -> Eartrainctl.Output {
        try await Eartrainctl.run(arguments, socket: socketPath)
    }
}

import DaemonTestSupport
import Foundation
import ProcessTestSupport
import Glibc

/// A command running in a detached tmux pane of a private tmux server (`tmux -L`), so a test can
/// read the screen the way a person would see it.
///
/// The server runs in the foreground (`tmux -D`) as this test's child: a server that daemonizes
/// from a client started by Foundation's `Process` inherits the descriptor `Process` watches for
/// the client's exit, and the client would never seem to end.
final class TmuxPane {
    let server = "et-\(UUID().uuidString.prefix(8))"
    private let serverProcess = Process()

    /// Starts `command` (run by sh) in a `width`×`height` pane.
    init(command: String, width: Int = 80, height: Int = 24) async throws {
        // Children of the test runner inherit its threads' blocked signals; a terminal session
        // should start with none blocked, as a login would. python3 resets the mask, then runs tmux.
        serverProcess.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        serverProcess.arguments = [
            "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
            "/usr/bin/tmux", "-D", "-L", server,
        ]
        serverProcess.standardInput = FileHandle.nullDevice
        serverProcess.standardOutput = FileHandle.nullDevice
        serverProcess.standardError = FileHandle.nullDevice
        try serverProcess.runAlone()
        var status: Int32 = -1
        await Polling.wait(seconds: 5) {
            // -N: never start a server here (a daemonized one would inherit Process's descriptor);
            // it fails until the foreground server listens.
            status = (try? await Self.run(["-N", "-L", server, "new-session", "-d", "-x", "\(width)", "-y", "\(height)", command]).status) ?? -1
            return status == 0
        }
        guard status == 0 else {
            kill()
            throw CocoaError(.executableLoad)
        }
    }

    deinit { kill() }

    /// The pane's text; with `escapes`, with its colours as SGR escape codes (`capture-pane -e`).
    func capture(escapes: Bool = false) async -> String {
        (try? await Self.run(["-L", server, "capture-pane", "-p", "-t", "0"] + (escapes ? ["-e"] : [])).output) ?? ""
    }

    /// Types keys into the pane (tmux key names, e.g. `q`, `C-c`).
    func send(_ keys: String) async {
        _ = try? await Self.run(["-L", server, "send-keys", "-t", "0", keys])
    }

    /// Waits until the pane shows what `condition` wants; returns the last capture.
    @discardableResult
    func wait(seconds: Double = 10, escapes: Bool = false, until condition: (String) async -> Bool) async -> String {
        var text = ""
        await Polling.wait(seconds: seconds) {
            text = await capture(escapes: escapes)
            return await condition(text)
        }
        return text
    }

    /// Ends the server and everything in its panes. Run by a `defer` and by `deinit`, which
    /// cannot await, so nothing here waits: SIGTERM makes tmux end its sessions and exit, and
    /// Foundation reaps it.
    func kill() {
        guard serverProcess.isRunning else { return }
        Glibc.kill(serverProcess.processIdentifier, SIGTERM)
        // Should it not get to remove its socket file, nothing else will.
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        try? FileManager.default.removeItem(atPath: "\(folder)/tmux-\(getuid())/\(server)")
    }

    @discardableResult
    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = arguments
        let out = Pipe.forChild()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.runAlone()
        let data = await out.fileHandleForReading.readAll()
        return (await process.exited(), String(decoding: data, as: UTF8.self))
    }
}

import ControlClient
import ControlProtocol
import Foundation
import VMProbeSupport

/// The real `eartrainerd` (built beside this program), silent (`--audio off`), reading one
/// keyboard, with its own config, socket, database and state directory in a scratch folder on the
/// guest's tmpfs. Asked through its control socket, as any client would.
final class DaemonUnderTest {
    let scratch: String
    let socketPath: String
    let child: Child

    /// Starts the daemon; `keyboard` is the only port name it connects.
    init(keyboard: String, scratch: String = "/tmp/eartrainer-alsa-faults") throws {
        self.scratch = scratch
        socketPath = scratch + "/eartrainer.sock"
        try? FileManager.default.removeItem(atPath: scratch)
        try FileManager.default.createDirectory(atPath: scratch + "/home", withIntermediateDirectories: true)
        // Stop, new-session and menu keys are off: garbage bytes may play any key, and the session
        // must outlive them so that its state can be compared. Repeat and skip stay as shipped.
        let config = """
            [midi]
            keyboards = ["\(keyboard)"]
            [midi.controls]
            stop = []
            new_session = []
            menu = []
            [socket]
            path = "\(socketPath)"
            [storage]
            database = "\(scratch)/eartrainer.sqlite"
            """
        try config.write(toFile: scratch + "/eartrainer.toml", atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = scratch + "/home"
        environment["STATE_DIRECTORY"] = scratch + "/state"
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        child = try Child(
            [here + "/eartrainerd", "run", "--audio", "off", "--config", scratch + "/eartrainer.toml", "--socket", socketPath],
            log: scratch + "/eartrainerd.log", environment: environment)
    }

    var isRunning: Bool { child.process.isRunning }

    /// One request on a fresh connection; nil when the daemon does not answer.
    func call(_ method: String, _ params: JSONValue? = nil) -> RPCResponse? {
        awaited { [socketPath] in
            guard let connection = try? await ControlConnection(path: socketPath, timeout: .seconds(10)) else { return nil }
            return try? await connection.call(method, params: params)
        }
    }

    /// The daemon's `status`, or nil when it does not answer.
    func status() -> StatusResult? {
        call("status").flatMap { try? Wire.decode(StatusResult.self, from: $0.result) }
    }

    /// Resident and peak resident memory in KiB (VmRSS, VmHWM of /proc/PID/status).
    func memory() -> (resident: Int, peak: Int)? {
        let text = (try? String(contentsOfFile: "/proc/\(child.process.processIdentifier)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int? {
            text.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .flatMap { Int($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces).prefix { $0.isNumber }) }
        }
        guard let resident = field("VmRSS"), let peak = field("VmHWM") else { return nil }
        return (resident, peak)
    }

    /// The CPU time the daemon has used (user and system, /proc/PID/stat), in seconds.
    func cpuSeconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(child.process.processIdentifier)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // The fields after the command's name (which may hold spaces), from the state (field 3).
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// SIGTERM; returns the exit status (nil if it had to be killed). Its log goes to `out`.
    func stop(copyingLogTo out: String) -> Int32? {
        let status = child.stop()
        try? FileManager.default.removeItem(atPath: out + "/eartrainerd.log")
        try? FileManager.default.copyItem(atPath: child.logPath, toPath: out + "/eartrainerd.log")
        return status
    }
}

import ControlProtocol
import DaemonTestSupport
import Foundation
import Glibc
import Testing
import Training

/// The config file and the statistics store, as the running daemon uses them.
@Suite("eartrainerd config and statistics", .daemon)
struct ConfigAndStatisticsIntegrationTests {
    private func runDaemon(_ arguments: [String]) async throws -> (Int32, String) {
        let output = try await Command.run(DaemonProcess.executable("eartrainerd"), arguments)
        return (output.status, output.text)
    }

    private func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cfg-\(UUID().uuidString.prefix(8)).toml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("a bad config stops start-up with FILE:LINE: KEY and exit 78; check-config says the same")
    func badConfig() async throws {
        let file = try temporaryFile("[training]\nreference_pitch = 520.0\n")
        let (status, output) = try await runDaemon(["run", "--config", file, "--audio", "off", "--socket", file + ".sock"])
        #expect(status == 78)
        #expect(output.contains("\(file):2: training.reference_pitch"))
        #expect(!FileManager.default.fileExists(atPath: file + ".sock"))
        let (checkStatus, checked) = try await runDaemon(["check-config", file])
        #expect(checkStatus == 78)
        #expect(checked.contains("training.reference_pitch"))
        let shipped = ConsoleExample.repository.appendingPathComponent("config/eartrainer.toml").path
        let (validStatus, valid) = try await runDaemon(["check-config", shipped])
        #expect(validStatus == 0)
        #expect(valid.contains("valid"))
    }

    @Test("SIGHUP: a valid file applies from the next prompt; an invalid one keeps the old config")
    func reload() async throws {
        let file = try temporaryFile("[training]\ntuning = \"equal\"\n")
        let daemon = try DaemonProcess(arguments: ["--config", file])
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "root": .string("C3")]))
        #expect(try await link.result("status")["session"]?["tuning"]?.stringValue == "equal")
        try "[training]\ntuning = \"just\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        #expect(await Polling.wait { daemon.stdout.contains("config reloaded") })
        #expect(try await link.result("status")["session"]?["tuning"]?.stringValue == "just")
        try "[training]\ntuning = \"meantone\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        #expect(await Polling.wait { daemon.stdout.contains("config reload refused") })
        #expect(daemon.stdout.contains("\(file):2: training.tuning"))
        #expect(try await link.result("status")["session"]?["tuning"]?.stringValue == "just")
    }

    @Test("SIGHUP: session.start's defaults follow the reloaded [training.scale] and [training.interval]")
    func reloadExerciseDefaults() async throws {
        let file = try temporaryFile("""
            [training.scale]
            mode = "ionian"
            root = "C3"
            [training.interval]
            intervals = ["m3", "M3"]
            """)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let daemon = try DaemonProcess(arguments: ["--config", file])
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("scale")]))
        #expect(try await link.result("status")["session"]?["mode"]?.stringValue == "ionian")
        _ = try await link.result("session.start", .object(["kind": .string("interval")]))
        #expect(try await link.result("status")["session"]?["intervals"] == .array([.string("m3"), .string("M3")]))

        try """
            [training.scale]
            mode = "dorian"
            root = "D3"
            [training.interval]
            intervals = ["P5"]
            [audio]
            periods = 4
            """.write(toFile: file, atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        #expect(await Polling.wait { daemon.stdout.contains("config reloaded") }, "stdout: \(daemon.stdout)")
        #expect(daemon.stdout.contains("needs a restart: [audio]"), "stdout: \(daemon.stdout)")
        _ = try await link.result("session.start", .object(["kind": .string("interval")]))
        #expect(try await link.result("status")["session"]?["intervals"] == .array([.string("P5")]))
        _ = try await link.result("session.start", .object(["kind": .string("scale")]))
        let session = try await link.result("status")["session"]
        #expect(session?["mode"]?.stringValue == "dorian")
        #expect(session?["root"]?.stringValue == "D3")
        await #expect(daemon.stop() == 0)
    }

    @Test("a SIGHUP as soon as the socket appears does not end the daemon")
    func hangupAtStartUp() async throws {
        for _ in 0..<5 {
            let daemon = try DaemonProcess()
            #expect(await Polling.wait { FileManager.default.fileExists(atPath: daemon.socketPath) })
            kill(daemon.process.processIdentifier, SIGHUP)
            let link = try await daemon.connect()
            // config.get goes through the service group (status is answered before it runs), so
            // the SIGTERM below is the graceful kind.
            #expect(try await link.result("config.get")["training"] != nil)
            #expect(daemon.process.isRunning)
            await #expect(daemon.stop() == 0)
        }
    }

    /// Kinds of file a SIGHUP may find instead of a valid config.
    enum InvalidConfig: String, CaseIterable, CustomTestStringConvertible {
        case syntaxError, outOfRange, unknownKey, missing, directory, binary, tooLarge

        var testDescription: String { rawValue }

        /// Puts the bad file in place of the good one at `path`; returns what the refusal names.
        func install(at path: String) throws -> String {
            try FileManager.default.removeItem(atPath: path)
            switch self {
            case .syntaxError:
                try "[training\nreference_pitch = 430.0\n".write(toFile: path, atomically: true, encoding: .utf8)
                return "syntax error"
            case .outOfRange:
                try "[training]\nreference_pitch = 520.0\ntuning = \"equal\"\n".write(toFile: path, atomically: true, encoding: .utf8)
                return "\(path):2: training.reference_pitch"
            case .unknownKey:
                try "[training]\nreference_pich = 430.0\n".write(toFile: path, atomically: true, encoding: .utf8)
                return "training.reference_pich"
            case .missing:
                return "cannot read"
            case .directory:
                // Root reads any mode, so "unreadable" is a directory where the file was.
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
                return "cannot read"
            case .binary:
                var random = SeededRandom(seed: 9)
                try Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: URL(fileURLWithPath: path))
                return "not UTF-8"
            case .tooLarge:
                try Data(repeating: UInt8(ascii: "#"), count: 2 << 20).write(to: URL(fileURLWithPath: path))
                return "larger than 1 MiB"
            }
        }
    }

    @Test("SIGHUP with an invalid file keeps the old config in force", arguments: InvalidConfig.allCases)
    func invalidReload(_ kind: InvalidConfig) async throws {
        let file = try temporaryFile("[training]\nreference_pitch = 442.0\ntuning = \"just\"\n")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let daemon = try DaemonProcess(arguments: ["--config", file])
        let link = try await daemon.connect()
        #expect(try await link.result("config.get")["training"]?["reference_pitch"]?.numberValue == 442)
        let reason = try kind.install(at: file)
        kill(daemon.process.processIdentifier, SIGHUP)
        #expect(await Polling.wait { daemon.stdout.contains("config reload refused") }, "stdout: \(daemon.stdout)")
        #expect(daemon.stdout.contains(reason), "stdout: \(daemon.stdout)")
        #expect(daemon.process.isRunning)
        // The old values are in force: the config reported, and what a new session is tuned with.
        do {
            #expect(try await link.result("config.get")["training"]?["reference_pitch"]?.numberValue == 442)
            _ = try await link.result("session.start", .object(["kind": .string("scale"), "root": .string("C3")]))
            #expect(try await link.result("status")["session"]?["tuning"]?.stringValue == "just")
        } catch {
            Issue.record("\(error); running: \(daemon.process.isRunning); stdout: \(daemon.stdout); stderr: \(daemon.stderr)")
        }
        await #expect(daemon.stop() == 0)
    }

    @Test("over the real socket, a stranger may read but not control",
          .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func strangerOverTheSocket() async throws {
        let daemon = try DaemonProcess()
        _ = try await daemon.connect()
        // Let the stranger in at all (the socket is 0660 and owned by root), then ask as nobody.
        chmod(daemon.folder.path, 0o755)
        chmod(daemon.socketPath, 0o666)
        func asNobody(_ arguments: [String]) async throws -> (Int32, String) {
            let output = try await Command.run(
                URL(fileURLWithPath: "/usr/bin/setpriv"),
                ["--reuid=65534", "--regid=65534", "--clear-groups", DaemonProcess.executable("eartrainctl").path]
                    + arguments + ["--socket", daemon.socketPath])
            return (output.status, output.text)
        }
        let (readStatus, status) = try await asNobody(["status"])
        #expect(readStatus == 0, "\(status)")
        let (controlStatus, refusal) = try await asNobody(["start", "scale", "--root", "C"])
        #expect(controlStatus == 77)
        #expect(refusal.contains("permission denied"))
    }
}

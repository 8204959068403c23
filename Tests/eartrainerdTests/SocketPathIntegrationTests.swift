import ControlClient
import ControlProtocol
import DaemonTestSupport
import Foundation
import Testing

/// Where the real daemon binds without `--socket`, and that the real client finds it there
/// without `--socket` too. Each test names its own runtime folders; DaemonProcess clears the
/// runner's, so the answer never depends on who runs the tests.
@Suite("eartrainerd and eartrainctl socket paths", .daemon)
struct SocketPathIntegrationTests {
    private static func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Waits for a socket file at `path`, then asks the daemon there for its status.
    private static func answers(at path: String) async -> Bool {
        await Polling.wait { (try? await ControlConnection(path: path).result("status")) != nil }
    }

    @Test("$RUNTIME_DIRECTORY, else $XDG_RUNTIME_DIR, else ./run in its working folder; the client finds each",
          arguments: [true, false])
    func daemonAndClient(_ withRuntimeDirectory: Bool) async throws {
        let folder = try Self.temporaryFolder("paths")
        defer { try? FileManager.default.removeItem(at: folder) }
        let runtime = folder.appendingPathComponent("runtime").path
        let xdg = folder.appendingPathComponent("xdg").path
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: xdg, withIntermediateDirectories: true)
        var environment = ["XDG_RUNTIME_DIR": xdg]
        if withRuntimeDirectory { environment["RUNTIME_DIRECTORY"] = runtime }
        let daemon = try DaemonProcess(environment: environment, socket: false)
        let expected = (withRuntimeDirectory ? runtime : xdg) + "/eartrainer.sock"
        #expect(await Self.answers(at: expected), "no daemon at \(expected); stdout: \(daemon.stdout); stderr: \(daemon.stderr)")
        #expect(await Polling.wait { daemon.stdout.contains("control socket at \(expected)") }, "\(daemon.stdout)")

        // The client looks in $XDG_RUNTIME_DIR first: a daemon there is found without --socket.
        // (With the daemon in $RUNTIME_DIRECTORY, where systemd puts the service's, the client
        // would go on to /run/eartrainer, which this machine may really have; the unit table
        // covers that order.)
        if !withRuntimeDirectory {
            let client = try await Eartrainctl.run(["status", "--json"], socket: nil, environment: ["XDG_RUNTIME_DIR": xdg])
            #expect(client.status == 0, "\(client)")
            #expect(jsonObject(client.stdout)?["daemon"] as? String == "eartrainerd 0.1.0", "\(client)")
        }
        // $EARTRAINER_SOCKET points it anywhere.
        let pointed = try await Eartrainctl.run(["status", "--json"], socket: nil, environment: ["EARTRAINER_SOCKET": expected])
        #expect(pointed.status == 0, "\(pointed)")
        #expect(await daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: expected))
    }

    @Test("with no runtime folder set, ./run/eartrainer.sock in the daemon's working folder, whatever the runner's environment")
    func localRun() async throws {
        let daemon = try DaemonProcess(socket: false)
        let expected = daemon.folder.appendingPathComponent("run/eartrainer.sock").path
        #expect(await Self.answers(at: expected), "no daemon at \(expected); stdout: \(daemon.stdout); stderr: \(daemon.stderr)")
        #expect(await Polling.wait { daemon.stdout.contains("control socket at ./run/eartrainer.sock") }, "\(daemon.stdout)")
        #expect(await daemon.stop() == 0)
    }
}

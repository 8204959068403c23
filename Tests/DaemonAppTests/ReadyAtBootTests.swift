import ConfigFile
import ControlProtocol
import Daemon
import DaemonTestSupport
import Foundation
import MusicTheory
import Testing
import Training

/// The box by the piano: the configured exercise is ready when the daemon starts, the first key
/// begins it, and stopping leads back to ready.
@Suite("Ready at boot", .daemon)
struct ReadyAtBootTests {
    @Test("after start, status shows the configured exercise ready and no session; stdout says so once")
    func readyAtStart() async throws {
        let daemon = try await TestDaemon()
        let status = try await daemon.connect().result("status")
        #expect(status["session"] == nil)
        #expect(status["ready"]?["kind"] == .string("scale"))
        #expect(status["ready"]?["exercise"] == .string("C ionian scale"))
        await Polling.wait { daemon.stdout.contains("ready:") }
        let lines = daemon.stdout.split(separator: "\n").filter { $0.hasPrefix("ready:") }
        #expect(lines == ["ready: C ionian scale — play any key to begin"])
    }

    @Test("the first note begins the session and is not judged; the next ones are")
    func noteBegins() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        _ = try await link.result("notes.play", .object(["notes": .array([.string("C3")])]))
        var status = try await link.result("status")
        #expect(status["ready"] == nil)
        #expect(status["session"]?["kind"] == .string("scale"))
        #expect(status["session"]?["correct"] == .number(0))
        #expect(status["session"]?["errors"] == .number(0))
        _ = try await link.result("notes.play", .object(["notes": .array([.string("C3"), .string("D3")])]))
        status = try await link.result("status")
        #expect(status["session"]?["correct"] == .number(2))
    }

    @Test("session.stop leads back to ready; a note begins another session of the last one started")
    func stopLeadsBackToReady() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3")]))
        _ = try await link.result("session.stop")
        var status = try await link.result("status")
        #expect(status["session"] == nil)
        #expect(status["ready"]?["exercise"] == .string("D3 dorian scale"))
        _ = try await link.result("notes.play", .object(["notes": .array([.string("A3")])]))
        status = try await link.result("status")
        #expect(status["ready"] == nil)
        #expect(status["session"]?["mode"] == .string("dorian"))
        #expect(status["session"]?["errors"] == .number(0))
    }

    @Test("the new_session key (below:7, F1) begins the ready exercise before any socket command")
    func newSessionKey() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        _ = try await link.result("notes.play", .object(["notes": .array([.string("F1")])]))
        let status = try await link.result("status")
        #expect(status["session"]?["kind"] == .string("scale"))
        #expect(status["session"]?["mode"] == .string("ionian"))
    }

    @Test("a control key other than new_session does not begin a session")
    func otherControlKey() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        _ = try await link.result("notes.play", .object(["notes": .array([.string("B1")])]))  // below:1, repeat
        let status = try await link.result("status")
        #expect(status["session"] == nil)
        #expect(status["ready"]?["kind"] == .string("scale"))
    }

    @Test("training.autostart = true begins the configured exercise at once")
    func autostart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ready-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shipped = try String(contentsOf: TestDaemon.repository.appendingPathComponent("config/eartrainer.toml"), encoding: .utf8)
        let edited = shipped
            .replacingOccurrences(of: "\nexercise = \"scale\"\n", with: "\nexercise = \"interval\"\n")
            .replacingOccurrences(of: "\nautostart = false\n", with: "\nautostart = true\n")
        #expect(edited != shipped)
        let file = folder.appendingPathComponent("eartrainer.toml")
        try edited.write(to: file, atomically: true, encoding: .utf8)
        let source = ConfigSource.commandLine(file.path)
        let config = ConfigReloader(source: source, initial: try ConfigLoader.load(source), logger: TestDaemon.logger)
        #expect(config.config.training.autostart)
        let daemon = try await TestDaemon(config: config)
        let status = try await daemon.connect().result("status")
        #expect(status["ready"] == nil)
        #expect(status["session"]?["kind"] == .string("interval"))
    }

    @Test("a reload that changes the configured exercise changes what is ready; one that does not keeps the last started")
    func reloadChangesReady() async throws {
        let core = DaemonCore(sound: RecordingSoundOutput(), seed: 1)
        let scale = Exercise.scale(ScaleExercise(mode: .dorian, root: try RootNote(parsing: "D")))
        let interval = Exercise.interval(IntervalExercise())
        await core.prepare(scale)
        #expect(await core.status().ready?.kind == .scale)
        await core.prepare(interval)
        #expect(await core.status().ready?.kind == .interval)
        try await core.start(scale)
        #expect(await core.status().ready == nil)
        await core.stop()
        await core.prepare(interval)  // unchanged: the last one started stays ready
        #expect(await core.status().ready?.kind == .scale)
    }
}

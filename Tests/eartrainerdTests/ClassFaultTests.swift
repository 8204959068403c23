import ControlProtocol
import DaemonTestSupport
import Foundation
import Glibc
import ProcessTestSupport
import Testing

/// A class's faults with the real programs (docs/class.md): an `eartrainer-hub` over TLS on
/// SQLite or PostgreSQL, an `eartrainerd` box joined to it with `eartrainctl class join`, and one
/// of them SIGKILLed while the box pushes a long history. Every answer the box holds reaches the
/// hub once: the ids the hub exports are the box's, as many rows as ids.
@Suite("A class's faults: a hub or a box killed during a push", .daemon)
struct ClassFaultTests {
    enum Store: String, CaseIterable, Sendable { case sqlite, postgresql }
    enum Killed: String, CaseIterable, Sendable { case hub, box }

    /// Answers the box holds: 100 pages of the sync's, a push long enough to be killed in.
    static let history = 50_000

    @Test("SIGKILL during a push; started again, the push ends with every answer on the hub once",
          arguments: Store.allCases, Killed.allCases)
    func killedDuringPush(store kind: Store, killed: Killed) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("class-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let hubState = folder + "/hub", boxState = folder + "/box"
        try FileManager.default.createDirectory(atPath: boxState, withIntermediateDirectories: true)
        let database = boxState + "/eartrainer.sqlite"
        // Seconds of SQLite, off the two threads of the pool the suites beside it share.
        try await onOwnThread { try BoxPractice.seed(Self.history, database: database) }
        let store = kind == .postgresql ? try await HubProcess.postgresStore() : nil
        let port = LoopbackPort.free()

        var hub = try HubProcess(state: hubState, store: store, port: port)
        try #require(await hub.ready(), "the hub does not listen: \(hub.output)")
        var box = try DaemonProcess(environment: ["STATE_DIRECTORY": boxState])
        _ = try await box.connect()
        let code = try await HubProcess.enrollCode(state: hubState, store: store, student: "Bea")
        let joined = try await box.ctl("class", "join", "https://127.0.0.1:\(port)", code)
        try #require(joined.status == 0, "\(joined)")

        // The kill, once some pages are in and more are to come.
        var heldAtKill = 0
        let midway = await Polling.wait(seconds: 120, every: .milliseconds(100)) {
            heldAtKill = (try? await HubProcess.answerIDs(state: hubState, store: store).rows) ?? 0
            return heldAtKill > 0
        }
        try #require(midway, "no answer reached the hub: \(hub.output)")
        switch killed {
        case .hub:
            await hub.stop(signal: SIGKILL)
            hub = try HubProcess(state: hubState, store: store, port: port)
            try #require(await hub.ready(), "the hub does not start again: \(hub.output)")
        case .box:
            _ = await box.stop(signal: SIGKILL)
            box = try DaemonProcess(environment: ["STATE_DIRECTORY": boxState])
            _ = try await box.connect()
        }
        #expect(heldAtKill < Self.history, "the push had ended before the kill: \(heldAtKill) held")

        // The box tries again (5 s, 10 s…); the push ends with nothing pending.
        var said = "nothing"
        let done = await Polling.wait(seconds: 240, every: .milliseconds(500)) {
            guard let output = try? await box.ctl("class", "status", "--json") else { return false }
            said = "\(output)"
            guard output.status == 0, let read = try? JSONDecoder().decode(ClassStatusResult.self, from: Data(output.stdout.utf8)) else { return false }
            return read.pending == 0 && read.lastError == nil
        }
        let printed = "box's stdout: \(box.stdout.suffix(2_000)); box's stderr: \(box.stderr.prefix(6_000)); hub: \(hub.output.suffix(2_000))"
        #expect(done, "the push did not end: eartrainctl class status said \(said.prefix(1_000)); \(printed)")
        let held = try await HubProcess.answerIDs(state: hubState, store: store)
        let boxIDs = try await onOwnThread { try BoxPractice.answerIDs(database: database) }
        #expect(held.rows == Self.history && held.ids.count == Self.history, "\(held.rows) rows, \(held.ids.count) ids on the hub")
        // Counts only: the sets are 50,000 ids each.
        let extra = held.ids.subtracting(boxIDs).count, missing = boxIDs.subtracting(held.ids).count
        #expect(extra == 0 && missing == 0, "the hub's ids are the box's: \(extra) extra, \(missing) missing")
        print("class fault (\(kind), \(killed) killed): \(heldAtKill) of \(Self.history) held at the kill; all \(held.rows) once after")
        _ = await box.stop()
        await hub.stop(signal: SIGTERM)
    }
}

import ControlProtocol
import DaemonTestSupport
import Foundation
import Testing

/// Every kind the catalog adds for the ear, end to end through the real daemon and a real SQLite
/// file: started with `eartrainctl start`, answered with `eartrainctl play` (a wrong key first),
/// its results from `stop --json`, its lifetime figures per item from `stats --json`, and the
/// human `stats` table naming the item.
@Suite("Every ear kind end to end", .daemon)
struct EveryKindEndToEndTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test("start, a wrong key, stop: results and lifetime figures per item, human and --json",
          arguments: [("ear-interval", "ear-interval "), ("chord", "chord "), ("degree", "degree "), ("dictation", "dictation degree "), ("progression", "progression "), ("match", "match "), ("sight-sing", "sight-sing degree ")])
    func kind(name: String, itemPrefix: String) async throws {
        let daemon = try DaemonProcess()
        _ = try await daemon.connect()
        let started = try await Eartrainctl.run(["start", name, "--seed", "3", "--json"], socket: daemon.socketPath)
        #expect(started.status == 0, "\(started)")
        #expect((try Self.json(started.stdout)["session"] as? [String: Any])?["kind"] as? String == name, "\(started.stdout)")
        // A key far below any question's range and no control (C1 and D1 are, on 88 keys): wrong
        // for every kind (a chord takes it on release).
        let played = try await Eartrainctl.run(["play", "A0"], socket: daemon.socketPath)
        #expect(played.status == 0 && played.stdout.contains("✗"), "\(played)")
        let stopped = try await Eartrainctl.run(["stop", "--json"], socket: daemon.socketPath)
        let results = try Self.json(stopped.stdout)
        #expect(results["errors"] as? Int == 1 && results["correct"] as? Int == 0, "\(stopped.stdout)")

        let stats = try await Eartrainctl.run(["stats", "--json"], socket: daemon.socketPath)
        let figures = try JSONDecoder().decode(LifetimeFigures.self, from: Data(stats.stdout.utf8))
        let items = figures.byItem
        let item = try #require(items.first { $0.key.hasPrefix(itemPrefix) }, "an item of \(name): \(items.keys)")
        #expect(item.value.answers == 1 && item.value.correct == 0, "\(item)")
        let table = try await Eartrainctl.run(["stats"], socket: daemon.socketPath)
        #expect(table.stdout.contains("exercise \(name)") && table.stdout.contains(item.key), "\(table.stdout)")
    }
}

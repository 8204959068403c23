import ControlProtocol
import DaemonTestSupport
import Foundation
import Statistics
import Testing

/// The statistics store as the built daemon uses it: a real SQLite file in a temporary folder.
@Suite("The daemon's statistics file", .daemon)
struct StatisticsStoreTests {
    private static func store(_ path: String) -> any StatisticsStore {
        SQLiteStatisticsStore.open(path: path, logger: TestDaemon.logger)
    }

    @Test("every answer is stored; the figures survive a restart")
    func statisticsPersist() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let database = state + "/eartrainer.sqlite"
        do {
            let daemon = try await TestDaemon(statistics: Self.store(database))
            let link = try await daemon.connect()
            _ = try await link.result("session.start", .object(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3")]))
            _ = try await link.result("notes.play", .object(["notes": .array(["D3", "E3", "G3", "F3"].map { .string($0) })]))
            #expect(await daemon.stop())
        }
        let daemon = try await TestDaemon(statistics: Self.store(database))
        let link = try await daemon.connect()
        #expect(try await link.result("status")["storage"]?.stringValue?.hasPrefix("available") == true)
        let stats = try await link.result("stats.get", as: StatsGetResult.self)
        let scale = stats.figures.byExercise["scale"]
        #expect(scale?.answers == 4)
        #expect(scale?.correct == 3)
        #expect(!stats.report.isEmpty)
        #expect(stats.profiles == ["default"])
        let days = try #require(stats.figures.byDay.byExercise["scale"], "no days of scale in stats.get")
        #expect(days.count == 1 && days.first?.answers == 4 && days.first?.day.count == 10)
    }

    @Test("a corrupt database: the daemon trains on, reports storage unavailable, never touches the file")
    func corruptDatabase() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        let database = state.appendingPathComponent("eartrainer.sqlite")
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: database)
        let daemon = try await TestDaemon(statistics: Self.store(database.path))
        let link = try await daemon.connect()
        #expect(try await link.result("status")["storage"]?.stringValue?.hasPrefix("unavailable") == true)
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "root": .string("C3")]))
        _ = try await link.result("notes.play", .object(["notes": .array([.string("C3"), .string("D3")])]))
        #expect(try await link.result("status")["session"]?["correct"]?.numberValue == 2)
        #expect(await daemon.stop())
        #expect(try Data(contentsOf: database) == garbage)
    }

    @Test("eartrainctl stats and export show what was stored")
    func statsAndExport() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let daemon = try await TestDaemon(statistics: Self.store(state + "/eartrainer.sqlite"), socketFile: true)
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "mode": .string("aeolian"), "root": .string("A2")]))
        _ = try await link.result("notes.play", .object(["notes": .array(["A2", "B2", "C#3", "C3", "D3"].map { .string($0) })]))
        _ = try await link.result("session.stop")
        func ctl(_ arguments: [String]) async throws -> String {
            let output = try await Eartrainctl.run(arguments, socket: daemon.socketPath)
            #expect(output.status == 0, "\(arguments): \(output)")
            return output.stdout
        }
        #expect(try await ctl(["stats"]).contains("profile default"))
        let figures = try JSONDecoder().decode(LifetimeFigures.self, from: Data(try await ctl(["stats", "--json"]).utf8))
        #expect(figures.byExercise["scale"]?.answers == 5)
        let csv = try await ctl(["export", "--format", "csv"]).split(whereSeparator: \.isNewline)
        #expect(csv.count == 6)  // a header and five answers
        let json = try await #require(try JSONSerialization.jsonObject(with: Data(try ctl(["export", "--format", "json"]).utf8)) as? [Any])
        #expect(json.count == 5)
    }
}

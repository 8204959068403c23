import ControlProtocol
import Foundation
@testable import Statistics
import Testing

@Suite("The stats table for a terminal")
struct ReportTests {
    @Test("the scripted history's table shows each group's figures")
    func table() throws {
        let store = MemoryStatisticsStore(clock: ManualWallClock(scriptNow), timeZone: utc)
        try ScriptedHistory.record(into: store)
        let lines = try store.lifetimeFigures(profile: "default").report().split(separator: "\n").map {
            $0.split(separator: " ").joined(separator: " ")
        }
        #expect(lines[0] == "profile default")
        #expect(lines[1] == "sessions practice answers accuracy errors avg resp 7 days 30 days streak days")
        #expect(lines[2] == "all 5 2m15s 15 73.3% 26.7% 1.64s 83.3% +33.3 72.7% -2.3 5 2")
        #expect(lines.contains("exercise interval 2 45s 6 66.7% 33.3% 1.75s 66.7% 66.7% 2 1"))
        #expect(lines.contains("mode dorian 2 1m10s 6 66.7% 33.3% 2.00s - 50.0% -25.0 2 1"))
        #expect(lines.contains("interval P5 2 45s 3 66.7% 33.3% 2.50s 50.0% 66.7% 1 1"))
        // Degree 1: sessions 1, 5 and 3; four answers, three right, in 2, 2 and 1 s.
        #expect(lines.contains { $0.hasPrefix("scale degree 1 3 1m30s 4 75.0% 25.0% 1.67s ") }, "\(lines)")
        #expect(lines.count == 2 + 1 + 2 + 2 + 3 + 2 + 3, "header, all, exercises, modes, roots, intervals, scale degrees")
        // Modes in degree order, items by kind (scale before interval), intervals by size.
        #expect(lines.firstIndex { $0.hasPrefix("scale degree 3") }! < lines.firstIndex { $0.hasPrefix("interval m3") }!)
        #expect(lines.firstIndex { $0.hasPrefix("mode ionian") }! < lines.firstIndex { $0.hasPrefix("mode dorian") }!)
        #expect(lines.firstIndex { $0.hasPrefix("interval m3") }! < lines.firstIndex { $0.hasPrefix("interval P5") }!)
    }

    @Test("durations", arguments: [(45.0, "45s"), (250, "4m10s"), (7500, "2h05m")])
    func durations(_ seconds: Double, _ text: String) {
        #expect(LifetimeFigures.duration(seconds) == text)
    }
}

import ControlProtocol
import Statistics
import Testing

@testable import DaemonApp

/// What `stats.get` and `stats.export` take as a profile: a name a session could have, or a
/// refusal before any store is asked.
@Suite struct StatisticsQueriesTests {
    static let badNames = ["", String(repeating: "a", count: 65), "en\u{0}x", "a b", "../x", "\u{202E}evil", "ünï"]

    @Test("stats.get refuses a profile outside the profile rule (−32602)", arguments: badNames)
    func figuresRefuse(name: String) {
        #expect(throws: RPCError.self) {
            _ = try StatisticsQueries.figures(StatsGetParams(profile: name), MemoryStatisticsStore(), profile: "default")
        }
        do {
            _ = try StatisticsQueries.figures(StatsGetParams(profile: name), MemoryStatisticsStore(), profile: "default")
        } catch {
            #expect(error.code == RPCError.invalidParams("").code && error.message.contains("1-64 of A-Z"), "\(error)")
        }
    }

    @Test("stats.export refuses one too", arguments: badNames)
    func exportRefuses(name: String) async {
        let access = StatisticsQueries.access(MemoryStatisticsStore(), pool: StatisticsQueryPool(capacity: 2), profile: "default")
        await #expect(throws: RPCError.self) { _ = try await access.export(StatsExportParams(profile: name)) }
    }

    @Test("a profile with no answers is answered, zero of everything")
    func unknownProfile() throws {
        let result = try StatisticsQueries.figures(StatsGetParams(profile: "nobody"), MemoryStatisticsStore(), profile: "default")
        #expect(result.profile == "nobody" && result.figures.overall.answers == 0)
    }
}

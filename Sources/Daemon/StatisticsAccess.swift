import ControlProtocol

/// What `stats.get` and `stats.export` reach: the statistics store's figures and its export a
/// page at a time. The daemon's application passes the real one (queries on their own thread);
/// without it both methods say statistics are not available.
public struct StatisticsAccess: Sendable {
    /// A profile's lifetime figures, and the profiles there are.
    public let figures: @Sendable (StatsGetParams) async throws(RPCError) -> StatsGetResult
    /// One page of the export.
    public let export: @Sendable (StatsExportParams) async throws(RPCError) -> StatsExportResult

    public init(figures: @escaping @Sendable (StatsGetParams) async throws(RPCError) -> StatsGetResult,
                export: @escaping @Sendable (StatsExportParams) async throws(RPCError) -> StatsExportResult) {
        self.figures = figures
        self.export = export
    }

    /// No statistics (an engine alone, some tests).
    public static let unavailable = StatisticsAccess(
        figures: { _ throws(RPCError) in throw .statisticsUnavailable("statistics are not available") },
        export: { _ throws(RPCError) in throw .statisticsUnavailable("statistics are not available") })
}

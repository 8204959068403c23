import ControlProtocol
import Statistics

extension StatisticsQueries {
    /// One page of `stats.export`: `format` (csv or json), `after` (the `next` of the page before;
    /// none for the first) and `limit` (answers, 1 to `AnswerExport.pageLimit`). The reply's `data`
    /// is this page's part of the export and `next` where the following page starts, null on the last.
    static func exportPage(_ params: StatsExportParams, _ store: any StatisticsStore, profile: String?) throws(RPCError) -> StatsExportResult {
        var format = ExportFormat.csv
        if let name = params.format {
            guard let chosen = ExportFormat(rawValue: name) else { throw .invalidParams("format: use csv or json") }
            format = chosen
        }
        var after: AnswerPosition?
        if let text = params.after {
            guard let position = AnswerPosition(text) else { throw .invalidParams("after: the 'next' of the page before, as it was given") }
            after = position
        }
        let limit = params.limit ?? AnswerExport.pageLimit
        guard (1...AnswerExport.pageLimit).contains(limit) else { throw .invalidParams("limit: 1 to \(AnswerExport.pageLimit) answers a page") }
        let page = try storeCall { () throws(StatisticsError) in
            try AnswerExport.page(store, profile: profile, format: format, after: after, limit: limit)
        }
        return StatsExportResult(format: format.rawValue, answers: page.answers, data: page.data, next: page.next?.description)
    }
}

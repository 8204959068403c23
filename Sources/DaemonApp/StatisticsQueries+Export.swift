import ControlProtocol
import Statistics

extension StatisticsQueries {
    /// One page of `stats.export`: `format` (csv or json), `after` (the `next` of the page before;
    /// none for the first) and `limit` (answers, 1 to `AnswerExport.pageLimit`). The reply's `data`
    /// is this page's part of the export and `next` where the following page starts, null on the last.
    static func exportPage(_ params: [String: JSONValue], _ store: any StatisticsStore, profile: String?) throws(RPCError) -> JSONValue {
        var format = ExportFormat.csv
        if let value = params["format"] {
            guard case .string(let name) = value, let chosen = ExportFormat(rawValue: name) else {
                throw .invalidParams("format: use csv or json")
            }
            format = chosen
        }
        var after: AnswerPosition?
        if let value = params["after"], value != .null {
            guard case .string(let text) = value, let position = AnswerPosition(text) else {
                throw .invalidParams("after: the 'next' of the page before, as it was given")
            }
            after = position
        }
        var limit = AnswerExport.pageLimit
        if let value = params["limit"] {
            guard case .number(let number) = value, number.rounded() == number, (1...Double(AnswerExport.pageLimit)).contains(number) else {
                throw .invalidParams("limit: 1 to \(AnswerExport.pageLimit) answers a page")
            }
            limit = Int(number)
        }
        let page = try storeCall { () throws(StatisticsError) in
            try AnswerExport.page(store, profile: profile, format: format, after: after, limit: limit)
        }
        return .object([
            "format": .string(format.rawValue), "answers": .number(Double(page.answers)), "data": .string(page.data),
            "next": page.next.map { .string($0.description) } ?? .null,
        ])
    }
}

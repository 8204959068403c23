import ControlProtocol
import Foundation
import Statistics

/// `stats.get` (a profile's lifetime figures, and the profiles there are) and `stats.export` (every answer, CSV or JSON).
enum StatisticsQueries {
    static func answer(_ method: ControlProtocol.Method, _ store: any StatisticsStore, params: JSONValue?,
                       profile defaultProfile: String) throws(RPCError) -> JSONValue {
        let object: [String: JSONValue]
        if case .object(let given) = params ?? .object([:]) { object = given } else { throw .invalidParams("params must be an object") }
        var profile: String? = defaultProfile
        if let value = object["profile"] {
            guard case .string(let name) = value else { throw .invalidParams("profile must be a name") }
            profile = name
        }
        switch method {
        case .statsExport:
            var format = "csv"
            if let value = object["format"] {
                guard case .string(let name) = value, ["csv", "json"].contains(name) else {
                    throw .invalidParams("format: use csv or json")
                }
                format = name
            }
            if object["all_profiles"] == .bool(true) { profile = nil }
            let answers = try storeCall { () throws(StatisticsError) in try store.answers(profile: profile) }
            let data = format == "csv" ? AnswerExport.csv(answers) : AnswerExport.json(answers)
            return .object(["format": .string(format), "answers": .number(Double(answers.count)), "data": .string(data)])
        default:
            let name = profile ?? defaultProfile
            let figures = try storeCall { () throws(StatisticsError) in try store.lifetimeFigures(profile: name) }
            let profiles = try storeCall { () throws(StatisticsError) in try store.profiles() }
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.sortedKeys]
            guard let data = try? encoder.encode(figures), let value = try? JSONDecoder().decode(JSONValue.self, from: data) else {
                throw .internalError("the figures could not be encoded")
            }
            return .object([
                "profile": .string(name), "profiles": .array(profiles.map(JSONValue.string)), "figures": value,
                "report": .string(figures.report()),
            ])
        }
    }

    private static func storeCall<T>(_ call: () throws(StatisticsError) -> T) throws(RPCError) -> T {
        do {
            return try call()
        } catch {
            throw .statisticsUnavailable(error.description)
        }
    }
}

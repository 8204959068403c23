import ControlProtocol
import Foundation
import Statistics

/// `stats.get` (a profile's lifetime figures, and the profiles there are) and `stats.export` (every
/// answer, CSV or JSON, a page at a time).
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
            if object["all_profiles"] == .bool(true) { profile = nil }
            return try exportPage(object, store, profile: profile)
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

    static func storeCall<T>(_ call: () throws(StatisticsError) -> T) throws(RPCError) -> T {
        do {
            return try call()
        } catch {
            throw .statisticsUnavailable(error.description)
        }
    }
}

import ControlProtocol
import Foundation
import Statistics

/// `stats.get`: the lifetime figures of a profile, as JSON.
enum StatisticsQueries {
    static func figures(_ store: any StatisticsStore, params: JSONValue?, profile defaultProfile: String) throws(RPCError) -> JSONValue {
        var profile = defaultProfile
        if case .object(let object) = params ?? .null, case .string(let name) = object["profile"] ?? .null {
            profile = name
        }
        let figures: LifetimeFigures
        do {
            figures = try store.lifetimeFigures(profile: profile)
        } catch {
            throw RPCError(code: -32005, message: error.description)
        }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(figures), let value = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            throw .internalError("the figures could not be encoded")
        }
        return .object(["profile": .string(profile), "figures": value, "report": .string(figures.report())])
    }
}

import ArgumentParser
import ControlProtocol
import Foundation

/// `eartrainctl stats [--profile NAME] [--json]`: lifetime figures.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Show lifetime statistics: sessions, practice time, accuracy, trends, streaks.")

    @Option(help: "The student profile (default: the daemon's).") var profile: String?
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        var params: [String: JSONValue] = [:]
        if let profile { params["profile"] = .string(profile) }
        let result = try await connection.call(Method.statsGet.rawValue, params: .object(params))
        if connection.json {
            print(Wire.encode(result["figures"] ?? .null))
        } else {
            print("profile \(result["profile"]?.stringValue ?? "?")")
            print(result["report"]?.stringValue ?? "")
        }
    }
}

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
        let stats = try await connection.call(Methods.statsGet, StatsGetParams(profile: profile)).result
        if connection.json {
            print(Wire.encode(stats.figures))
        } else {
            print("profile \(stats.profile)")
            print(stats.report)
        }
    }
}

import ArgumentParser
import ControlProtocol
import Foundation

/// `eartrainctl stats [--profile NAME] [--json]`: lifetime figures.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Show lifetime statistics: sessions, practice time, accuracy, trends, streaks.")

    @Option(help: "The student profile (default: the daemon's).") var profile: String?
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        var params: [String: JSONValue] = [:]
        if let profile { params["profile"] = .string(profile) }
        let result = try connection.call(Method.statsGet.rawValue, params: .object(params))
        if connection.json {
            print(Wire.encode(result["figures"] ?? .null))
        } else {
            print("profile \(result["profile"]?.string ?? "?")")
            print(result["report"]?.string ?? "")
        }
    }
}

/// `eartrainctl export --format csv|json [--output FILE]`: every answer ever judged.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write every judged answer as CSV or JSON.")

    @Option(help: "csv or json.") var format = "csv"
    @Option(help: "The student profile (default: the daemon's).") var profile: String?
    @Flag(help: "Every profile's answers.") var allProfiles = false
    @Option(name: .shortAndLong, help: "Write to this file instead of stdout.") var output: String?
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard ["csv", "json"].contains(format) else { throw ValidationError("--format: use csv or json") }
    }

    func run() throws {
        var params: [String: JSONValue] = ["format": .string(format)]
        if let profile { params["profile"] = .string(profile) }
        if allProfiles { params["all_profiles"] = .bool(true) }
        let result = try connection.call(Method.statsExport.rawValue, params: .object(params))
        let data = result["data"]?.string ?? ""
        if let output {
            try data.write(toFile: output, atomically: true, encoding: .utf8)
            printError("wrote \(Int(result["answers"]?.number ?? 0)) answers to \(output)")
        } else {
            print(data, terminator: data.hasSuffix("\n") ? "" : "\n")
        }
    }
}

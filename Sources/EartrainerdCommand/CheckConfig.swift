import ArgumentParser
import ConfigFile
import Foundation

/// `eartrainerd check-config [FILE]`: validates a config file without starting.
struct CheckConfig: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Check a config file (default: the one the daemon would read) and exit: 0 valid, 78 not.")

    @Argument(help: "The file to check.") var file: String?

    func run() throws {
        let source = file.map { ConfigSource.commandLine($0) } ?? ConfigSource.resolve(
            commandLine: nil, environment: ProcessInfo.processInfo.environment,
            fileExists: { FileManager.default.fileExists(atPath: $0) })
        switch ConfigLoader.check(source) {
        case .success:
            print("\(source): valid")
        case .failure(let error):
            printError("\(error)")
            throw ExitCode(ConfigError.exitCode)
        }
    }
}

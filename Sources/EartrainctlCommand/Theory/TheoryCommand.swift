import ArgumentParser
import Foundation
import MusicTheory

/// `eartrainctl theory …`: scales, intervals and tuning tables, with no daemon needed.
struct TheoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theory",
        abstract: "Spell scales and intervals and show tuning tables, offline.",
        subcommands: [ScaleCommand.self, IntervalCommand.self, TuningCommand.self]
    )
}

extension ParsableCommand {
    /// Turns outside input into a theory value. On bad input it prints the error, which lists what
    /// is accepted, and this command's usage to stderr, and exits with status 64 (EX_USAGE).
    func parsed<T>(_ parse: () throws(TheoryError) -> T) throws -> T {
        do {
            return try parse()
        } catch {
            printError("Error: \(error)\nUsage: eartrainctl theory \(Self.usageString())")
            throw ExitCode(64)
        }
    }
}

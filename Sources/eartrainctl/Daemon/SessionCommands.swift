import ArgumentParser
import ControlProtocol

/// `eartrainctl stop`: ends the session and shows its results.
struct StopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stop", abstract: "End the session and show its results.")
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let result = try connection.call(Method.sessionStop.rawValue)
        print(connection.json ? Wire.encode(result) : ResultsText.lines(result).joined(separator: "\n"))
    }
}

/// `eartrainctl repeat`: sounds the question again.
struct RepeatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "repeat", abstract: "Hear the question again.")
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let result = try connection.call(Method.sessionRepeat.rawValue)
        print(connection.json ? Wire.encode(result) : "repeated")
    }
}

/// `eartrainctl skip`: shows the answer and moves on.
struct SkipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "skip", abstract: "Show the answer and go to the next question.")
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let result = try connection.call(Method.sessionSkip.rawValue)
        print(connection.json ? Wire.encode(result) : "skipped")
    }
}

/// `eartrainctl results`: the last finished session, as the seed's results screen shows it.
struct ResultsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "results", abstract: "Show the last session's results.")
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let result = try connection.call(Method.sessionResults.rawValue)
        print(connection.json ? Wire.encode(result) : ResultsText.lines(result).joined(separator: "\n"))
    }
}

import ArgumentParser
import ClientViews
import ControlProtocol
import Training

/// `eartrainctl stop`: ends the session and shows its results.
struct StopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stop", abstract: "End the session and show its results.")
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await connection.show(.sessionStop, as: ResultsReport.self) { ResultsScreen.lines($0).joined(separator: "\n") }
        await connection.showPlanLine()
    }
}

/// `eartrainctl repeat`: sounds the question again, or only its cadence or its notes.
struct RepeatCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "repeat", abstract: "Hear the question again.")
    @Flag(help: "Only what sets the key: the cadence (a degree, a dictation), the tonic chord (a progression).") var cadence = false
    @Flag(help: "Only the question's notes, without the cadence.") var notes = false
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard !(cadence && notes) else { throw ValidationError("--cadence or --notes, not both") }
    }

    func run() async throws {
        let part: RepeatPart? = cadence ? .cadence : notes ? .notes : nil
        let (raw, _) = try await connection.call(Methods.sessionRepeat, SessionRepeatParams(part: part))
        print(connection.json ? Wire.encode(raw) : part.map { "repeated: the \($0.rawValue)" } ?? "repeated")
    }
}

/// `eartrainctl skip`: shows the answer and moves on.
struct SkipCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "skip", abstract: "Show the answer and go to the next question.")
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await connection.show(.sessionSkip, as: SessionSkipResult.self) { _ in "skipped" }
    }
}

/// `eartrainctl results`: the last finished session, as the results screen shows it.
struct ResultsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "results", abstract: "Show the last session's results.")
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await connection.show(.sessionResults, as: ResultsReport.self) { ResultsScreen.lines($0).joined(separator: "\n") }
        await connection.showPlanLine()
    }
}

extension ConnectionOptions {
    /// Calls a method without params and prints its result: as JSON with `--json` (as the daemon
    /// wrote it), else decoded as the message type it answers with and shown as `text` says.
    func show<Result: Decodable>(_ method: ControlProtocol.Method, as type: Result.Type, text: (Result) -> String) async throws {
        let result = try await call(method.rawValue)
        print(json ? Wire.encode(result) : text(try Wire.decode(type, from: result)))
    }
}

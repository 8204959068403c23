import ArgumentParser
import ControlProtocol
import Foundation

/// `eartrainctl class join URL CODE`, `class status`, `class leave`: the box in a teacher's class
/// (docs/class.md). The daemon joins and pushes; this asks it.
struct ClassCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "class", abstract: "Join a teacher's class, see what has been pushed to its hub, or leave it.",
        subcommands: [Join.self, Status.self, Leave.self], defaultSubcommand: Status.self)

    struct Join: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "join", abstract: "Join the class whose hub is at URL with the teacher's one-time CODE.")
        @OptionGroup var connection: ConnectionOptions

        @Argument(help: "The hub: https://HOST:PORT (http:// only to this machine).")
        var url: String

        @Argument(help: "The teacher's one-time code, as given: K7QF-93XD-M2XA-PW4R.9c1e…")
        var code: String

        @Option(help: "The student profile whose answers go to the class (default: the daemon's).")
        var profile: String?

        @Option(help: "The name this box goes by on the hub (default: this machine's host name).")
        var name: String?

        func run() async throws {
            let (raw, result) = try await connection.call(Methods.classJoin, ClassJoinParams(url: url, code: code, profile: profile, name: name))
            print(connection.json ? Wire.encode(raw)
                  : "Joined the class at \(result.hub) as box \(result.box). Answers are pushed in the background: 'eartrainctl class status'.")
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "What has been pushed to the hub, what is pending, the last error.")
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await connection.show(.classStatus, as: ClassStatusResult.self) { Self.lines($0).joined(separator: "\n") }
        }

        static func lines(_ status: ClassStatusResult, now: Double = Date().timeIntervalSince1970) -> [String] {
            guard status.joined else { return ["This box is in no class. Join one with 'eartrainctl class join URL CODE'."] }
            var lines = ["class: \(status.hub ?? "?"), box \(status.box ?? "?"), profile \(status.profile ?? "?")"]
            lines.append("pushed: everything up to answer \(status.pushedThrough); \(status.pending) pending"
                         + (status.pushed > 0 ? " (\(status.pushed) pushed since the daemon started)" : ""))
            if let plan = status.assignment { lines.append("assigned: the plan \"\(PrintableText.escaped(plan))\" (eartrainctl plan)") }
            if let last = status.lastRoundAt { lines.append("last push: \(Int((now - last).rounded())) s ago") }
            if let error = status.lastError { lines.append("last error: \(PrintableText.escaped(error))") }
            return lines
        }
    }

    struct Leave: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "leave", abstract: "Leave the class; this box's statistics stay.")
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            let (raw, result) = try await connection.call(Methods.classLeave, NoParams())
            print(connection.json ? Wire.encode(raw) : result.left ? "This box has left its class; its statistics stay." : "This box was in no class.")
        }
    }
}

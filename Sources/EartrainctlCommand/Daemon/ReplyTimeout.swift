import ArgumentParser
import Foundation

/// How long eartrainctl waits for each answer of the daemon: `--timeout SECONDS`, else
/// `$ETCTL_TIMEOUT`, else 10 s. Zero waits forever (a loaded Raspberry Pi, a long export).
struct ReplyTimeout: Equatable {
    /// The wait when neither the option nor the environment sets one.
    static let standard: Duration = .seconds(10)
    /// The environment variable that sets the wait for every call in a shell.
    static let variable = "ETCTL_TIMEOUT"

    /// The wait; nil waits forever.
    let limit: Duration?

    /// Reads `option`, else `environment[ETCTL_TIMEOUT]`; throws a usage error naming the
    /// source for anything but a non-negative number of seconds.
    init(option: String?, environment: [String: String]) throws {
        if let option {
            limit = try Self.parse(option, source: "--timeout")
        } else if let value = environment[Self.variable], !value.isEmpty {
            limit = try Self.parse(value, source: Self.variable)
        } else {
            limit = Self.standard
        }
    }

    private static func parse(_ text: String, source: String) throws -> Duration? {
        guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds >= 0, seconds <= 86_400 * 365 else {
            throw ValidationError("\(source) takes seconds to wait, from 0 (forever) up: not '\(text.prefix(40))'")
        }
        return seconds == 0 ? nil : .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }
}

import ControlProtocol
import DaemonTestSupport
import MusicTheory
import Testing

/// The note that answers an interval question, worked out as the student does: from the root,
/// the interval and the direction the prompt shows. The daemon does not send the answer while the
/// question is open.
enum ShownInterval {
    /// The answer to `question`, a prompt event's `details.question`.
    static func answer(_ question: JSONValue?) throws -> SpelledNote {
        let question = try #require(question)
        let root = try SpelledNote(parsing: try #require(question["root"]?.stringValue))
        let interval = try SpelledInterval(parsing: try #require(question["interval"]?.stringValue))
        return question["direction"]?.stringValue == "descending" ? try root.transposed(downBy: interval) : try root.transposed(by: interval)
    }

    /// The answer to the latest prompt among `notifications`.
    static func answer(_ notifications: [RPCNotification]) throws -> SpelledNote {
        let prompt = try #require(notifications.last { $0.params["type"]?.stringValue == "prompt" })
        return try answer(prompt.params["details"]?["question"])
    }
}

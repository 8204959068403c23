import ArgumentParser
import ControlProtocol

/// `eartrainctl plan`: the lesson plan the box follows, every lesson, and where the student is.
struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan", abstract: "Show the lesson plan the box follows and where the student is in it.")
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await connection.show(.planGet, as: PlanResult.self) { Self.lines($0).joined(separator: "\n") }
    }

    /// The plan's name, each lesson (the current one marked, those before it passed), and the
    /// current lesson's progress.
    static func lines(_ result: PlanResult) -> [String] {
        let plan = result.plan
        var lines = ["\(plan.name): " + (plan.complete ? "complete" : "lesson \(plan.lesson) of \(plan.lessons)")]
        let width = result.lessons.map(\.title.count).max() ?? 0
        for lesson in result.lessons {
            let mark = !plan.complete && lesson.number == plan.lesson ? "▶" : " "
            let title = lesson.title.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append("\(mark) \(lesson.number < 10 ? " " : "")\(lesson.number)  \(title)  \(lesson.exercise); goal: \(lesson.goal)")
        }
        if !plan.complete { lines.append("now: " + plan.summary) }
        return lines
    }
}

extension ConnectionOptions {
    /// Prints where the student is in the lesson plan after a session's results, when the box
    /// follows one (the line `status` gives; nothing in `--json` mode).
    func showPlanLine() async {
        guard !json, let raw = try? await call(Methods.status.name.rawValue),
              let status = try? Wire.decode(StatusResult.self, from: raw), let plan = status.plan else { return }
        print("plan: " + plan.summary)
    }
}

import ControlProtocol
import DaemonTestSupport
import Foundation
import Glibc
import Testing

/// A lesson plan under a crash: the real daemon SIGKILLed in the middle of a lesson, in the middle
/// of a session. Started again on the same state directory, it is at the same lesson with the
/// answers it had acknowledged, read back from the statistics; the rest of the lesson's answers
/// then reach its goal and the plan moves on.
@Suite("A lesson plan across a SIGKILL", .daemon)
struct PlanAcrossKillTests {
    @Test("killed mid-lesson: the lesson and its acknowledged answers are back; its goal then moves the plan on")
    func killedMidLesson() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plan-kill-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/state", withIntermediateDirectories: true)
        try """
            name = "Scales"

            [[lesson]]
            title = "the C major scale"
            exercise = "scale"
            goal = { right_percent = 75, over = 12 }
            scale = { mode = "ionian", root = "C3" }

            [[lesson]]
            title = "the D dorian scale"
            exercise = "scale"
            goal = { right_percent = 75, over = 12 }
            scale = { mode = "dorian", root = "D3" }
            """.write(toFile: folder + "/plan.toml", atomically: true, encoding: .utf8)
        try "[training]\nplan = \"\(folder)/plan.toml\"\n[voice]\nspeak = \"off\"\n"
            .write(toFile: folder + "/eartrainer.toml", atomically: true, encoding: .utf8)
        let arguments = ["--config", folder + "/eartrainer.toml"]
        let environment = ["STATE_DIRECTORY": folder + "/state"]

        let first = try DaemonProcess(arguments: arguments, environment: environment)
        var link = try await first.connect()
        _ = try await link.result("notes.play", .object(["notes": .array([.string("C3")])]))  // begins the lesson
        // Seven right and one wrong, acknowledged (stored) before the kill; the session still runs.
        let reply = try await link.result("notes.play", .object(["notes": .array(["C3", "D3", "E3", "F3", "G3", "A3", "B3", "A3"].map { .string($0) })]))
        #expect(reply["recorded"] == .bool(true))
        kill(first.process.processIdentifier, SIGKILL)
        await first.process.exited()

        let second = try DaemonProcess(arguments: arguments, environment: environment)
        link = try await second.connect()
        let plan = try #require(try await link.result("status", as: StatusResult.self).plan, "no plan after the restart")
        #expect(plan.lesson == 1 && plan.counted == 8 && plan.figure == "88 % right", "\(plan)")
        _ = try await link.result("notes.play", .object(["notes": .array([.string("C3")])]))
        _ = try await link.result("notes.play", .object(["notes": .array(["C3", "D3", "E3", "F3"].map { .string($0) })]))
        _ = try await link.result("session.stop")
        let status = try await link.result("status", as: StatusResult.self)
        #expect(status.plan?.lesson == 2 && status.ready?.exercise == "D3 dorian scale", "\(String(describing: status.plan))")
        await #expect(second.stop() == 0)
    }
}

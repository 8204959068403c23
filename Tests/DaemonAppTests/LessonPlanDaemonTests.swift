import ConfigFile
import ControlProtocol
import Daemon
import DaemonTestSupport
import Foundation
import Statistics
import Testing

/// A lesson plan followed by the built daemon with a real SQLite file and a state folder: the
/// lesson is ready at start, its answers count across a restart in the middle of it (read back
/// from the stored answers), and a session that reaches its goal moves the plan on, kept in the
/// progress file for the next start.
@Suite("Lesson plans in the daemon", .daemon)
struct LessonPlanDaemonTests {
    static let plan = """
        name = "Two scales"

        [[lesson]]
        id = "c-major"
        title = "the C major scale"
        exercise = "scale"
        goal = { right_percent = 90, over = 12 }
        scale = { mode = "ionian", root = "C3" }

        [[lesson]]
        id = "d-dorian"
        title = "the D dorian scale"
        exercise = "scale"
        goal = { right_percent = 90, over = 8 }
        scale = { mode = "dorian", root = "D3" }
        """

    /// A state folder with the plan, a config naming it, and the database's path.
    struct Box {
        let folder: URL
        var state: String { folder.appendingPathComponent("state").path }
        var database: String { state + "/eartrainer.sqlite" }

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(atPath: folder.appendingPathComponent("state").path, withIntermediateDirectories: true)
            try LessonPlanDaemonTests.plan.write(to: folder.appendingPathComponent("plan.toml"), atomically: true, encoding: .utf8)
            try "[training]\nplan = \"\(folder.path)/plan.toml\"\n[voice]\nspeak = \"off\"\n"
                .write(to: folder.appendingPathComponent("eartrainer.toml"), atomically: true, encoding: .utf8)
        }

        /// A daemon of this box, as `eartrainerd` starts one.
        func daemon(socketFile: Bool = false) async throws -> TestDaemon {
            let source = ConfigSource.commandLine(folder.appendingPathComponent("eartrainer.toml").path)
            let reloader = ConfigReloader(source: source, initial: try ConfigLoader.load(source), logger: TestDaemon.logger,
                                          studentPath: state + "/student.toml")
            return try await TestDaemon(statistics: SQLiteStatisticsStore.open(path: database, logger: TestDaemon.logger),
                                        socketFile: socketFile, config: reloader)
        }
    }

    static let cMajor = ["C3", "D3", "E3", "F3", "G3", "A3", "B3", "C4"]

    @Test("the lesson is ready at start; its answers count across a restart; its goal moves the plan on, kept across the next")
    func followedAcrossRestarts() async throws {
        let box = try Box()
        defer { try? FileManager.default.removeItem(at: box.folder) }
        do {
            let daemon = try await box.daemon()
            let link = try await daemon.connect()
            let status = try await link.result("status", as: StatusResult.self)
            #expect(status.ready?.exercise == "C3 ionian scale")
            let plan = try #require(status.plan, "status has no plan")
            #expect(plan.name == "Two scales" && plan.lesson == 1 && plan.lessons == 2 && plan.counted == 0 && plan.needed == 12)
            // The first key begins the lesson's session and is not judged; a round of the scale is.
            _ = try await link.result("notes.play", .object(["notes": .array([.string("C3")])]))
            _ = try await link.result("notes.play", .object(["notes": .array(Self.cMajor.map { .string($0) })]))
            #expect(await daemon.stop())
            #expect(daemon.stdout.contains("plan: lesson 1, the C major scale: 100 % right over 8 of 12 answers; goal: 90 % right over the last 12 answers"))
        }
        do {
            // Restarted in the middle of the lesson: its 8 answers are read back from the statistics.
            let daemon = try await box.daemon()
            let link = try await daemon.connect()
            var plan = try #require(try await link.result("status", as: StatusResult.self).plan)
            #expect(plan.lesson == 1 && plan.counted == 8 && plan.figure == "100 % right", "\(daemon.stdout)")
            _ = try await link.result("notes.play", .object(["notes": .array([.string("C3")])]))
            _ = try await link.result("notes.play", .object(["notes": .array(["C3", "D3", "E3", "F3", "G3"].map { .string($0) })]))
            _ = try await link.result("session.stop")
            let status = try await link.result("status", as: StatusResult.self)
            plan = try #require(status.plan)
            #expect(plan.lesson == 2 && plan.id == "d-dorian" && plan.counted == 0)
            #expect(status.ready?.exercise == "D3 dorian scale")
            #expect(daemon.stdout.contains("goal reached. Next, lesson 2: the D dorian scale"))
            let listed = try await link.result("plan.get", as: PlanResult.self)
            #expect(listed.lessons.map(\.id) == ["c-major", "d-dorian"])
            #expect(await daemon.stop())
        }
        let progress = try String(contentsOfFile: box.state + "/" + PlanProgressFile.name, encoding: .utf8)
        #expect(progress.contains("\"lesson\" : \"d-dorian\""))
        let daemon = try await box.daemon()
        let status = try await daemon.connect().result("status", as: StatusResult.self)
        #expect(status.plan?.lesson == 2 && status.plan?.counted == 0)
        #expect(status.ready?.exercise == "D3 dorian scale")
    }

    @Test("eartrainctl plan lists the lessons, the current one marked; stop and status show where the student is")
    func eartrainctlPlan() async throws {
        let box = try Box()
        defer { try? FileManager.default.removeItem(at: box.folder) }
        let daemon = try await box.daemon(socketFile: true)
        let plan = try await daemon.ctl("plan")
        #expect(plan.status == 0)
        let lines = plan.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Two scales: lesson 1 of 2")
        #expect(lines.dropFirst().first?.hasPrefix("▶  1  the C major scale   C3 ionian scale; goal: 90 % right over the last 12 answers") == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("   2  the D dorian scale  D3 dorian scale") }, "\(lines)")
        _ = try await daemon.ctl("play", "C3", "C3", "D3", "E3")
        let stop = try await daemon.ctl("stop")
        #expect(stop.stdout.contains("plan: lesson 1 of 2, the C major scale: 100 % right over 3 of 12 answers (goal: 90 % right over the last 12 answers)"), "\(stop.stdout)")
        let status = try await daemon.ctl("status")
        #expect(status.stdout.contains("plan: Two scales, lesson 1 of 2, the C major scale: 100 % right over 3 of 12 answers"), "\(status.stdout)")
    }

    @Test("a session of another exercise does not count toward the lesson")
    func otherExerciseNotCounted() async throws {
        let box = try Box()
        defer { try? FileManager.default.removeItem(at: box.folder) }
        let daemon = try await box.daemon()
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3")]))
        _ = try await link.result("notes.play", .object(["notes": .array(["D3", "E3", "F3", "G3"].map { .string($0) })]))
        _ = try await link.result("session.stop")
        let status = try await link.result("status", as: StatusResult.self)
        #expect(status.plan?.lesson == 1 && status.plan?.counted == 0)
        #expect(status.ready?.exercise == "C3 ionian scale", "after another exercise the lesson is ready again")
    }

    @Test("plan.get without a plan is refused with its own error; eartrainctl plan says so")
    func noPlan() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        let error = await #expect(throws: RPCError.self) { _ = try await daemon.connect().result("plan.get") }
        #expect(error?.code == ErrorCode.noPlan.rawValue)
        let output = try await daemon.ctl("plan")
        #expect(output.status == 1)
        #expect(output.stderr.contains("no lesson plan is followed"))
    }
}

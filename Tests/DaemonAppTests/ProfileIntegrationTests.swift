import ControlProtocol
import DaemonTestSupport
import Foundation
import Testing

/// A class sharing one keyboard and one daemon: each session may name its student, and the
/// statistics keep them apart; a session that names nobody is the daemon's own profile's.
@Suite("Student profiles on the real daemon", .daemon, .serialized)
struct ProfileIntegrationTests {
    @Test("start --profile records under that student; unnamed sessions under --profile's; a bad name is refused")
    func sessionsNameTheirStudents() async throws {
        let daemon = try await TestDaemon(profile: "teacher", socketFile: true)
        let link = try await daemon.connect()
        func ctl(_ arguments: [String]) async throws -> String {
            let output = try await Eartrainctl.run(arguments, socket: daemon.socketPath)
            #expect(output.status == 0, "\(arguments): \(output)")
            return output.stdout
        }
        func answers(_ arguments: [String]) async throws -> Int? {
            let figures = try JSONDecoder().decode(LifetimeFigures.self, from: Data(try await ctl(["stats", "--json"] + arguments).utf8))
            return figures.byExercise["scale"]?.answers
        }

        _ = try await ctl(["start", "scale", "--mode", "ionian", "--root", "C3", "--profile", "bea"])
        #expect(try await link.result("status")["profile"]?.stringValue == "bea")
        _ = try await link.result("notes.play", .object(["notes": .array(["C3", "D3", "Eb3"].map { .string($0) })]))
        _ = try await ctl(["start", "scale", "--mode", "ionian", "--root", "C3"])
        #expect(try await link.result("status")["profile"]?.stringValue == "teacher")
        _ = try await link.result("notes.play", .object(["notes": .array([.string("C3")])]))
        _ = try await ctl(["stop"])

        #expect(try await answers(["--profile", "bea"]) == 3)
        #expect(try await answers([]) == 1)
        await #expect(try ctl(["export", "--format", "csv", "--profile", "bea"]).split(whereSeparator: \.isNewline).count == 4)
        #expect(daemon.stdout.contains("(profile bea)"))

        let refused = try await link.call("session.start", params: .object(["kind": .string("scale"), "profile": .string("a b")]))
        #expect(refused.error?.code == -32602)
        #expect(refused.error?.message.contains("A-Z a-z 0-9") == true)
        #expect(await daemon.stop())
    }
}

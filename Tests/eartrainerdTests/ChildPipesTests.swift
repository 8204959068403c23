import DaemonTestSupport
import Foundation
import Testing

/// The pipes of children the tests run are closed once read. Foundation keeps every `Process`
/// that ran, and the pipes it was given, for as long as the test process lives; left to it, the
/// suites gathered 1,741 open pipe ends, and past about 1,360 descriptors `Process.run` itself can
/// crash the test process (`FileHandle.readAll` tells how).
@Suite struct ChildPipesTests {
    /// How many pipe ends this process has open.
    static func openPipes() -> Int {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.filter { name in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"))?.hasPrefix("pipe:") == true
        }.count
    }

    @Test("a hundred commands run to their end leave their pipes closed")
    func commandsLeaveNoPipes() async throws {
        let before = Self.openPipes()
        for _ in 0..<100 {
            #expect(try await Command.shell("echo hello").text == "hello\n")
        }
        // Suites beside this one open pipes of their own meanwhile: a margin, well under the
        // hundred that were left open before.
        #expect(Self.openPipes() - before < 40, "\(Self.openPipes() - before) more pipe ends open")
    }
}

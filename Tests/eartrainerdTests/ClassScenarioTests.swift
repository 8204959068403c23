import DaemonTestSupport
import Foundation
import ProcessTestSupport
import Testing

/// The README's "A class on one machine", command for command: the hub and three boxes of
/// `scripts/class-demo.sh`, real programs on a port and in a folder of the test's own. The hub
/// then holds each box's session once: three students, five answers each, one of them wrong.
@Suite("The README's class on one machine", .daemon)
struct ClassScenarioTests {
    /// The commands of the README's block under "## A class on one machine", comments left out.
    static func commands() throws -> [String] {
        let text = try String(contentsOf: ConsoleExample.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## A class on one machine").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        return block.split(separator: "\n").map { line in
            String(line.split(separator: "#", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }

    @Test("a hub and three boxes, one command each: the hub holds every answer once")
    func hubAndThreeBoxes() async throws {
        let commands = try Self.commands()
        #expect(commands.first == "scripts/class-demo.sh hub")
        #expect(commands.filter { $0.hasPrefix("scripts/class-demo.sh box ") }.count == 3)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("class-demo-\(UUID().uuidString.prefix(8))").path
        let bin = BuiltProduct.url("eartrainer-hub").deletingLastPathComponent().path
        let environment = "CLASS_DEMO_DIR='\(folder)' CLASS_DEMO_PORT=\(LoopbackPort.free()) EARTRAINER_BIN='\(bin)' ETCTL_TIMEOUT=120"
        defer {
            _ = try? FileManager.default.removeItem(atPath: folder)
        }
        do {
            for command in commands {
                let output = try await Command.shell("\(environment) \(command)", in: ConsoleExample.repository)
                try #require(output.status == 0, "\(command): \(output)")
            }
        } catch {
            _ = try? await Command.shell("\(environment) scripts/class-demo.sh stop", in: ConsoleExample.repository)
            throw error
        }
        let stopped = try await Command.shell("\(environment) scripts/class-demo.sh stop", in: ConsoleExample.repository)
        #expect(stopped.status == 0, "\(stopped)")

        let export = try await Command.run(BuiltProduct.url("eartrainer-hub"), ["export", "--state", folder + "/hub"])
        try #require(export.status == 0, "\(export)")
        let rows = export.text.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = export.text.split(separator: "\r\n").first.map { $0.split(separator: ",").map(String.init) } ?? []
        let name = try #require(header.firstIndex(of: "student_name"), "the export's columns: \(header)")
        let correct = try #require(header.firstIndex(of: "correct"), "the export's columns: \(header)")
        let byStudent = Dictionary(grouping: rows) { String($0[name]) }
        #expect(byStudent.keys.sorted() == ["Ana", "Ben", "Cem"], "\(export.text)")
        for (student, answers) in byStudent {
            #expect(answers.count == 5, "\(student): \(answers.count) answers on the hub")
            #expect(answers.filter { $0[correct] == "0" || $0[correct] == "false" }.count == 1, "\(student): one wrong note")
        }
    }
}

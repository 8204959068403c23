import Foundation
import Testing

/// Every `$ eartrainctl …` line in a ```console block of the README is run, and what it prints
/// (stdout, then stderr) must be exactly the lines that follow it.
@Suite("README examples")
struct READMEExamplesTests {
    struct Example: CustomTestStringConvertible {
        let command: String
        let expected: String
        var testDescription: String { command }
    }

    static func examples() throws -> [Example] {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let lines = try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n")
        var examples: [Example] = []
        var inConsole = false
        var command: String?
        var output: [String] = []
        func finish() {
            if let command { examples.append(Example(command: command, expected: output.joined(separator: "\n"))) }
            command = nil
            output = []
        }
        for line in lines {
            if line.hasPrefix("```console") {
                inConsole = true
            } else if inConsole && line.hasPrefix("```") {
                finish()
                inConsole = false
            } else if inConsole && line.hasPrefix("$ ") {
                finish()
                command = String(line.dropFirst(2))
            } else if inConsole {
                output.append(line)
            }
        }
        return examples
    }

    @Test("the README has eartrainctl examples to run")
    func hasExamples() throws {
        #expect(try Self.examples().filter { $0.command.hasPrefix("eartrainctl ") }.count >= 6)
    }

    @Test("each README example prints what the README says", arguments: try examples())
    func example(_ example: Example) throws {
        let words = shellWords(example.command)
        try #require(words.first == "eartrainctl", "only eartrainctl examples are run here: \(example.command)")
        let result = try ExecutableRunner(product: "eartrainctl").run(Array(words.dropFirst()))
        let printed = (result.stdout + result.stderr).trimmingCharacters(in: .newlines)
        #expect(printed == example.expected)
        #expect(!result.crashed)
    }
}

import DaemonTestSupport
import Foundation
import ProcessTestSupport
import Testing

/// Every `$ eartrainctl …` line in a ```console block of the README, then of docs/usage.md (where
/// the README's tour goes on), is run, in order, against one real daemon, and what it prints
/// (stdout, then stderr) must be the lines that follow it. Times (`0.0s`, `1.25s`) vary from run
/// to run and are compared as `#s`.
@Suite("README examples", .daemon)
struct READMEExamplesTests {
    /// The documents whose examples are run, in this order: the README's first session, then the
    /// rest of the tour.
    static let documents = ["README.md", "docs/usage.md"]

    static func examples() throws -> [ConsoleExample] {
        try documents.flatMap { try ConsoleExample.all(in: $0) }
    }

    @Test("the README has the walkthrough to run, docs/usage.md the theory examples")
    func hasExamples() throws {
        let walkthrough = try ConsoleExample.all(in: "README.md").map(\.command)
        #expect(walkthrough.contains { $0.hasPrefix("eartrainctl play") })
        #expect(walkthrough.contains { $0.hasPrefix("eartrainctl status") })
        let tour = try ConsoleExample.all(in: "docs/usage.md").map(\.command)
        #expect(tour.filter { $0.hasPrefix("eartrainctl theory") }.count >= 6)
    }

    @Test("the README's and docs/usage.md's examples print what they say, against a running daemon")
    func examplesAgainstADaemon() async throws {
        let daemon = try DaemonProcess(audio: true)
        _ = try await daemon.connect()
        for example in try Self.examples() {
            let words = shellWords(example.command)
            try #require(words.first == "eartrainctl", "only eartrainctl examples are run here: \(example.command)")
            let process = Process()
            process.executableURL = DaemonProcess.executable("eartrainctl")
            process.arguments = Array(words.dropFirst())
            process.environment = ProcessInfo.processInfo.environment.merging(["EARTRAINER_SOCKET": daemon.socketPath, "ETCTL_TIMEOUT": "120"]) { $1 }
            let out = Pipe.forChild()
            let err = Pipe.forChild()
            process.standardOutput = out
            process.standardError = err
            try process.runAlone()
            async let errors = err.fileHandleForReading.readAll()
            let printed = String(decoding: await out.fileHandleForReading.readAll(), as: UTF8.self)
                + String(decoding: await errors, as: UTF8.self)
            await process.exited()
            #expect(process.terminationReason == .exit, "\(example.command) crashed")
            #expect(Self.normalized(printed.trimmingCharacters(in: .newlines)) == Self.normalized(example.expected),
                    "\(example.command)")
        }
    }

    /// Times vary between runs: in seconds (`12.3s`) and, past a minute, in minutes and seconds (`1m 8s`, `1h 2m 5s`:
    /// a daemon up over a minute when the machine is busy) read as `#s`.
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: #"(\d+h )?\d+m \d+s|\d+\.\d+s"#, with: "#s", options: .regularExpression)
    }
}

/// One `$ command` line in a ```console block of a document, and the lines printed after it.
struct ConsoleExample: CustomTestStringConvertible {
    let command: String
    let expected: String
    var testDescription: String { command }

    /// The repository's root, found from this file's place in it.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func all(in document: String) throws -> [ConsoleExample] {
        let text = try String(contentsOf: repository.appendingPathComponent(document), encoding: .utf8)
        var examples: [ConsoleExample] = []
        var inConsole = false
        var command: String?
        var output: [String] = []
        func finish() {
            if let command { examples.append(ConsoleExample(command: command, expected: output.joined(separator: "\n"))) }
            command = nil
            output = []
        }
        for line in text.components(separatedBy: "\n") {
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
}

/// Splits a command line the way a POSIX shell would for the simple cases in our docs:
/// whitespace separates words, double or single quotes group them.
func shellWords(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var inWord = false
    for character in line {
        if let open = quote {
            if character == open { quote = nil } else { current.append(character) }
        } else if character == "\"" || character == "'" {
            quote = character
            inWord = true
        } else if character == " " {
            if inWord { words.append(current) }
            current = ""
            inWord = false
        } else {
            current.append(character)
            inWord = true
        }
    }
    if inWord { words.append(current) }
    return words
}

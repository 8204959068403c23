import Foundation
import Testing

/// docs/protocol.md's socat examples, run in order against a fresh daemon started the way
/// `make run` starts it (socket at ./run/eartrainer.sock in its folder).
@Suite("docs/protocol.md examples")
struct ProtocolDocTests {
    @Test("every socat example prints what the document shows (measured numbers aside)")
    func examples() throws {
        let examples = try ConsoleExample.all(in: "docs/protocol.md")
        #expect(examples.count >= 4)
        #expect(examples.allSatisfy { $0.command.contains("socat") })
        let daemon = try DaemonProcess(socket: false)
        DaemonProcess.wait { FileManager.default.fileExists(atPath: daemon.folder.appendingPathComponent("run/eartrainer.sock").path) }
        for example in examples {
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/bash")
            shell.arguments = ["-c", example.command]
            shell.currentDirectoryURL = daemon.folder
            let out = Pipe()
            shell.standardOutput = out
            shell.standardError = out
            try shell.run()
            let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            shell.waitUntilExit()
            #expect(shell.terminationStatus == 0, "\(example.command)")
            #expect(Self.normalized(printed.trimmingCharacters(in: .newlines)) == Self.normalized(example.expected), "\(example.command)")
        }
    }

    /// Measured numbers (seconds, rates) differ between runs: any decimal reads as `#`. So does an
    /// event's `seq`, which also counts device events (a keyboard found or not) at start-up.
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: #"\d+\.\d+"#, with: "#", options: .regularExpression)
            .replacingOccurrences(of: #""seq":\d+"#, with: #""seq":#"#, options: .regularExpression)
    }
}

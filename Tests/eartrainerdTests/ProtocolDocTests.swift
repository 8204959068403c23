import DaemonTestSupport
import Foundation
import Testing

/// docs/protocol.md's socat examples, run in order against a fresh daemon started the way
/// `make run` starts it (socket at ./run/eartrainer.sock in its folder).
@Suite("docs/protocol.md examples", .daemon)
struct ProtocolDocTests {
    @Test("every socat example prints what the document shows (measured numbers aside)")
    func examples() async throws {
        let examples = try ConsoleExample.all(in: "docs/protocol.md")
        #expect(examples.count >= 4)
        #expect(examples.allSatisfy { $0.command.contains("socat") })
        let daemon = try DaemonProcess(socket: false)
        await Polling.wait { FileManager.default.fileExists(atPath: daemon.folder.appendingPathComponent("run/eartrainer.sock").path) }
        for example in examples {
            let printed = try await Command.shell(example.command, in: daemon.folder)
            #expect(printed.status == 0, "\(example.command)")
            #expect(Self.normalized(printed.text.trimmingCharacters(in: .newlines)) == Self.normalized(example.expected), "\(example.command)")
        }
    }

    /// Measured numbers (seconds, rates) differ between runs: any decimal reads as `#`, and so does
    /// any number of seconds (a clock to the millisecond may read a whole `0`). So does an
    /// event's `seq`, which also counts device events (a keyboard found or not) at start-up.
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: #"(_seconds":)[0-9.e+-]+"#, with: "$1#", options: .regularExpression)
            .replacingOccurrences(of: #"\d+\.\d+"#, with: "#", options: .regularExpression)
            .replacingOccurrences(of: #""seq":\d+"#, with: #""seq":#"#, options: .regularExpression)
    }
}

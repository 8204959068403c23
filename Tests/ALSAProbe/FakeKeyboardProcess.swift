import ALSASequencer
import Foundation

/// The fake-keyboard program (Tests/FakeKeyboard) running as a child process, driven line by line.
final class FakeKeyboardProcess {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer: [UInt8] = []
    /// The port it announced on its "ready" line.
    private(set) var address: PortAddress?

    /// Starts `fake-keyboard NAME` from beside this program and waits for its "ready" line.
    init?(name: String) {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        process.executableURL = here.appendingPathComponent("fake-keyboard")
        process.arguments = [name]
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch { return nil }
        guard let line = readLine(), line.hasPrefix("ready "),
              let address = PortAddress(parsing: String(line.dropFirst(6)))
        else { return nil }
        self.address = address
    }

    /// Sends one command and waits for its "ok".
    @discardableResult
    func send(_ command: String) -> Bool {
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
        return readLine() == "ok"
    }

    /// Ends the process: `quit` (a clean exit) or SIGKILL (as abrupt as a pulled cable).
    func stop(kill: Bool) {
        if kill {
            Glibc.kill(process.processIdentifier, SIGKILL)
        } else {
            input.fileHandleForWriting.write(Data("quit\n".utf8))
        }
        process.waitUntilExit()
    }

    private func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return nil }
            buffer.append(contentsOf: data)
        }
    }
}

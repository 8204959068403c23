import ConfigFile
import ControlProtocol
import DaemonTestSupport
import Foundation
import Testing

/// Small inputs that were taken as they came or refused in the wrong words.
@Suite("Small inputs", .daemon)
struct SmallInputsTests {
    @Test("settings.set refuses a value with a control character; nothing is kept")
    func settingWithNUL() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("small-\(UUID().uuidString.prefix(8))").path
        let reloader = ConfigReloader(source: .builtInDefaults, initial: .defaults, logger: TestDaemon.logger,
                                      studentPath: state + "/student.toml")
        let daemon = try await TestDaemon(config: reloader)
        let link = try await daemon.connect()
        for value in ["en\u{0}x", "just\u{1B}[2J", "a\nb"] {
            let reply = try await link.call("settings.set", params: .object(["key": .string("voice.language"), "value": .string(value)]))
            #expect(reply.error?.code == -32602 && reply.error?.message.contains("no control characters") == true, "\(reply)")
        }
        #expect(!FileManager.default.fileExists(atPath: state + "/student.toml"), "nothing written")
    }

    @Test("notes.bend with a number that is not whole says so, not that the JSON was bad")
    func bendNotWhole() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        let reply = try await link.call("notes.bend", params: .object(["value": .number(1.5)]))
        #expect(reply.error?.code == -32602, "\(reply)")
        #expect(reply.error?.message.contains("a whole number, not 1.5") == true, "\(reply)")
        #expect(reply.error?.message.contains("JSON") == false, "\(reply)")
    }
}

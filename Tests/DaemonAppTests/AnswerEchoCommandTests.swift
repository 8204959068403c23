import ControlProtocol
import Daemon
import DaemonTestSupport
import Foundation
import MusicTheory
import Testing

/// The right-answer echo as a client turns it on and off: on by the shipped config, off by
/// `session.start`'s `echo_answer` or `eartrainctl start interval --no-echo`.
@Suite("Right-answer echo through the daemon", .daemon)
struct AnswerEchoCommandTests {
    /// The prompts sounded since `count` were recorded, each as its phrases' notes.
    private static func prompts(_ sound: RecordingSoundOutput, after count: Int) -> [[[MIDINote]]] {
        sound.prompts.dropFirst(count).map { $0.phrases.map(\.notes) }
    }

    @Test("with the shipped config a right answer sounds D3 then F#3 before the next root; echo_answer false sounds only the root")
    func sessionStartParam() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        let (d3, fSharp3) = (try MIDINote(parsing: "D3"), try MIDINote(parsing: "F#3"))
        for echo in [nil, false] as [Bool?] {
            var params: [String: JSONValue] = ["kind": .string("interval"), "root": .string("D3"), "intervals": .array([.string("M3")])]
            if let echo { params["echo_answer"] = .bool(echo) }
            _ = try await link.result("session.start", .object(params))
            let before = daemon.sound.prompts.count
            _ = try await link.result("notes.play", .object(["notes": .array([.string("G3")])]))
            #expect(daemon.sound.prompts.count == before, "a wrong try sounds a prompt")
            _ = try await link.result("notes.play", .object(["notes": .array([.string("F#3")])]))
            let expected: [[[MIDINote]]] = echo == false ? [[[d3]]] : [[[d3, fSharp3]], [[d3]]]
            #expect(Self.prompts(daemon.sound, after: before) == expected, "echo_answer \(String(describing: echo))")
        }
        #expect(await daemon.stop())
    }

    @Test("eartrainctl start interval --no-echo: a right answer sounds only the next root")
    func noEchoFlag() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        let started = try await daemon.ctl("start", "interval", "--root", "D3", "--intervals", "M3", "--no-echo")
        #expect(started.status == 0, "\(started)")
        let before = daemon.sound.prompts.count
        let played = try await daemon.ctl("play", "F#3")
        #expect(played.status == 0, "\(played)")
        #expect(Self.prompts(daemon.sound, after: before) == [[[try MIDINote(parsing: "D3")]]])
        #expect(await daemon.stop())
    }
}

import ConfigFile
import ControlProtocol
import DaemonTestSupport
import Foundation
import Testing

/// `training.names`: a right note is shown (stdout, the `note_judged` event's `name`) and a
/// revealed answer said in the student's naming.
@Suite("Note names in the daemon", .daemon)
struct NoteNamesDaemonTests {
    static func daemon(_ names: String) async throws -> TestDaemon {
        let config = try ConfigLoader.parse("[voice]\nspeak = \"on\"\n[training]\nnames = \"\(names)\"\n", file: "names.toml")
        return try await TestDaemon(config: ConfigReloader(source: .builtInDefaults, initial: config, logger: TestDaemon.logger))
    }

    @Test("movable do: E3 over a D tonic is re, on stdout and in the event; a revealed answer is said in syllables")
    func movableDo() async throws {
        let daemon = try await Self.daemon("movable-do")
        let link = try await daemon.connect()
        var notifications: [RPCNotification] = []
        _ = try await link.result("subscribe", .object(["topics": .array([.string("answer")])]))
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3")]))
        _ = try await link.result("notes.play", .object(["notes": .array(["D3", "E3"].map { .string($0) })]), notifications: &notifications)
        let names = notifications.compactMap { $0.params["details"]?["name"]?.stringValue }
        #expect(names == ["do", "re"], "\(notifications)")
        await Polling.wait { daemon.stdout.contains("E3 (re) ✓") }
        #expect(daemon.stdout.contains("D3 (do) ✓") && daemon.stdout.contains("E3 (re) ✓"), "\(daemon.stdout)")
        // The round's last two notes revealed: C4 and D4 over D are te and do.
        _ = try await link.result("notes.play", .object(["notes": .array(["F3", "G3", "A3", "B3"].map { .string($0) })]))
        _ = try await link.result("session.skip")
        await Polling.wait { VoiceTests.said(daemon).contains { $0.hasSuffix("te, do") } }
        let said = VoiceTests.said(daemon)
        #expect(said.contains { $0.hasSuffix("te, do") }, "\(said)")
    }

    @Test("fixed do names the letter; letters (the default) add nothing")
    func fixedDoAndLetters() async throws {
        let fixed = try await Self.daemon("fixed-do")
        var link = try await fixed.connect()
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3")]))
        _ = try await link.result("notes.play", .object(["notes": .array(["D3", "E3"].map { .string($0) })]))
        await Polling.wait { fixed.stdout.contains("E3 (mi) ✓") }
        #expect(fixed.stdout.contains("D3 (re) ✓") && fixed.stdout.contains("E3 (mi) ✓"), "\(fixed.stdout)")
        let letters = try await Self.daemon("letters")
        link = try await letters.connect()
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3")]))
        _ = try await link.result("notes.play", .object(["notes": .array(["D3", "E3"].map { .string($0) })]))
        await Polling.wait { letters.stdout.contains("E3 ✓") }
        #expect(!letters.stdout.contains("(re)") && !letters.stdout.contains("(mi)"))
    }
}

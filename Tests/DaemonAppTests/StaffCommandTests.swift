import ControlProtocol
import DaemonTestSupport
import Foundation
import ProcessTestSupport
import Glibc
import Testing

/// `eartrainctl staff` and `watch` without a terminal, run as a person would, against a real daemon.
@Suite("eartrainctl staff and plain watch", .daemon)
struct StaffCommandTests {
    @Test("staff prints the round's staff; --svg --wrong writes the notes black and the wrong one red")
    func staff() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        let link = try await daemon.connect()
        #expect(try await Eartrainctl.run(["staff"], socket: daemon.socketPath).status == 1, "no session yet")
        _ = try await link.result(Method.sessionStart.rawValue, .object([
            "kind": .string("scale"), "mode": .string("lydian"), "root": .string("Bb"), "seed": .number(1),
        ]))
        _ = try await link.result(Method.notesPlay.rawValue, Wire.value(NotesPlayParams(notes: ["Bb2", "C3", "D3", "Eb3", "E3"].map { .string($0) })))
        let text = try await Eartrainctl.run(["staff", "--wrong"], socket: daemon.socketPath)
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("Bb lydian  W-W-W-H-W-W-H  (current round)"), "\(text.stdout)")
        #expect(text.stdout.contains("Bb2  C3   D3   E3"), "\(text.stdout)")
        #expect(text.stdout.contains("wrong: Eb3"), "\(text.stdout)")

        let file = daemon.folder.appendingPathComponent("staff.svg").path
        let svg = try await Eartrainctl.run(["staff", "--svg", file, "--wrong"], socket: daemon.socketPath)
        #expect(svg.status == 0, "\(svg)")
        let document = try String(contentsOfFile: file, encoding: .utf8)
        #expect(document.components(separatedBy: #"class="notehead""#).count - 1 == 5)
        #expect(document.contains(#"data-note="Eb3" data-role="wrong""#))
        #expect(document.components(separatedBy: "#d01818").count - 1 == 2, "the wrong note and its flat, nothing else red")
        #expect(document.contains(#"<title>Bb lydian  W-W-W-H-W-W-H</title>"#))

        // The daemon's clef is auto (bass for these notes); --clef draws another: in the treble
        // clef, as low as it goes with Bb at or above C4 (Bb3 is below it).
        let status = try Wire.decode(StatusResult.self, from: try await link.result(Method.status.rawValue))
        #expect(status.session?.clef == .auto)
        let treble = try await Eartrainctl.run(["staff", "--clef", "treble"], socket: daemon.socketPath)
        #expect(treble.stdout.contains("𝄞") && !treble.stdout.contains("𝄢") && treble.stdout.contains("Bb4  C5   D5   E5"), "\(treble.stdout)")
        let unknown = try await Eartrainctl.run(["staff", "--clef", "alto"], socket: daemon.socketPath)
        #expect(unknown.status == 64 && unknown.stderr.contains("'auto', 'bass', 'treble' or 'grand'"), "\(unknown)")
    }

    @Test("watch with stdout not a terminal prints each event's line, and SIGTERM ends it cleanly")
    func plainWatch() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        let link = try await daemon.connect()
        _ = try await link.result(Method.sessionStart.rawValue, .object([
            "kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3"), "seed": .number(1),
        ]))
        let process = Process()
        process.executableURL = BuiltProduct.url("eartrainctl")
        process.arguments = ["watch", "--socket", daemon.socketPath, "--timeout", "120"]
        let out = Pipe.forChild()
        let text = TextBuffer()
        process.standardOutput = out
        out.fileHandleForReading.readabilityHandler = { handle in text.append(handle.availableData) }
        try process.runAlone()
        #expect(await Polling.wait { text.text.contains("now: D dorian") }, "\(text.text)")
        _ = try await link.result(Method.notesPlay.rawValue, Wire.value(NotesPlayParams(notes: [.string("D3"), .string("F3")])))
        #expect(await Polling.wait { text.text.contains("F3 ✗") }, "\(text.text)")
        #expect(text.text.contains("D dorian  D3 ✓  1/8"))
        #expect(!text.text.contains("\u{1B}["), "no escape codes off a terminal")
        kill(process.processIdentifier, SIGTERM)
        await process.exited()
        out.fileHandleForReading.readabilityHandler = nil
        try? out.fileHandleForReading.close()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }
}

import ControlClient
import ControlProtocol
import DaemonTestSupport
import Foundation
import Testing

/// `eartrainctl watch` in a real terminal (a tmux pane) against a real daemon, while notes are
/// played through the socket: what the student sees.
@Suite("eartrainctl watch in tmux", .daemon, .serialized)
struct WatchTmuxTests {
    static let green = "\u{1B}[32m", red = "\u{1B}[31m"

    /// `watch`, then (once it exits) its exit status and the terminal's modes, so a test can see
    /// that it restored them.
    static func command(_ daemon: TestDaemon) -> String {
        let ctl = BuiltProduct.url("eartrainctl").path
        return "ETCTL_TIMEOUT=120 \(ctl) watch --socket \(daemon.socketPath); echo \"watch exited $?\"; stty -a | tr ' ;' '\\n\\n' | grep -x -- '-*icanon'; echo modes shown; sleep 30"
    }

    static func play(_ link: ControlConnection, _ notes: [String]) async throws {
        _ = try await link.result(Method.notesPlay.rawValue, Wire.value(NotesPlayParams(notes: notes.map { .string($0) })))
    }

    /// The rows of the pane as arrays of characters, so columns can be read.
    static func rows(_ text: String) -> [[Character]] {
        text.components(separatedBy: "\n").map { Array($0) + Array(repeating: " ", count: 90) }
    }

    @Test("scale: the played notes on the staff, the figures, the last answer green then red; q quits and restores the terminal")
    func scale() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        let link = try await daemon.connect()
        _ = try await link.result(Method.sessionStart.rawValue, .object([
            "kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3"), "seed": .number(1),
        ]))
        let pane = try await TmuxPane(command: Self.command(daemon))
        defer { pane.kill() }
        let first = await pane.wait { $0.contains("dorian scale") && $0.contains("𝄢") }
        #expect(first.contains("steps W-H-W-W-W-H-W"), "\(first)")
        #expect(first.contains("0/8"))

        try await Self.play(link, ["D3", "E3", "G3", "F3"])
        let screen = await pane.wait { $0.contains("correct 3   errors 1") }
        #expect(screen.contains("error rate 25.0%"), "\(screen)")
        #expect(screen.contains("avg response "))
        #expect(screen.contains("3/8"))
        #expect(screen.contains("last  F3 ✓"))
        // The staff: F3 on the F line (the clef's row), E3 in the space below, D3 on the line below that,
        // each in its own column; the wrong G3 is not drawn.
        let rows = Self.rows(screen)
        let clefRow = try #require(rows.firstIndex { $0.contains("𝄢") })
        #expect(rows[clefRow][18] == "●", "F3 on the F line\n\(screen)")
        #expect(rows[clefRow + 1][13] == "●", "E3 in the space below\n\(screen)")
        #expect(rows[clefRow + 2][8] == "●", "D3 on the line below\n\(screen)")
        #expect(rows[clefRow + 2][9] == "─")
        #expect(screen.filter { $0 == "●" }.count == 3, "\(screen)")
        #expect(screen.contains("D3   E3   F3"))
        #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 80 })

        let green = await pane.wait(escapes: true) { $0.contains(Self.green + "F3 ✓") }
        #expect(green.contains(Self.green + "F3 ✓"), "\(green)")
        try await Self.play(link, ["A3"])
        let red = await pane.wait(escapes: true) { $0.contains(Self.red + "A3 ✗  expected G3") }
        #expect(red.contains(Self.red + "A3 ✗  expected G3"), "\(red)")

        await pane.send("q")
        let after = await pane.wait { $0.contains("modes shown") }
        #expect(after.contains("watch exited 0"), "\(after)")
        #expect(after.contains("\nicanon"), "raw mode is off again: \(after)")
        #expect(!after.contains("𝄢"), "the alternate screen is left")
    }

    @Test("interval: the root, then the answer replaces it; SIGTERM quits and restores the terminal")
    func interval() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        let link = try await daemon.connect()
        _ = try await link.result(Method.sessionStart.rawValue, .object([
            "kind": .string("interval"), "root": .string("C3"), "intervals": .array([.string("M3")]), "seed": .number(3),
        ]))
        let pane = try await TmuxPane(command: Self.command(daemon))
        defer { pane.kill() }
        let first = await pane.wait { $0.contains("major third up from C3") && $0.contains("●") }
        #expect(first.filter { $0 == "●" }.count == 1, "just the root\n\(first)")

        try await Self.play(link, ["D3", "E3"])
        let screen = await pane.wait { $0.contains("correct 1   errors 1") && $0.contains("answered") }
        let rows = Self.rows(screen)
        let clefRow = try #require(rows.firstIndex { $0.contains("𝄢") })
        // C3 (step 3) is the space three rows below the F line; E3 (step 5) the space just below it.
        #expect(rows[clefRow + 3][8] == "●", "\(screen)")
        #expect(rows[clefRow + 1][13] == "●", "\(screen)")
        #expect(screen.contains("C3   E3"))
        #expect(screen.contains("answered"))

        // The pane runs sh; watch is its child.
        let shell = try await TmuxPane.run(["-L", pane.server, "list-panes", "-F", "#{pane_pid}"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        let watch = try #require(Int32(children.split(separator: " ").first ?? ""), "watch's pid under \(shell)")
        kill(watch, SIGTERM)
        let after = await pane.wait { $0.contains("modes shown") }
        #expect(after.contains("watch exited 0"), "\(after)")
        #expect(after.contains("\nicanon"), "\(after)")
    }
}

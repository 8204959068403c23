import ConfigFile
import ControlProtocol
import Daemon
import DaemonTestSupport
import Foundation
import MusicTheory
import Testing

/// The keyboard menu through the daemon, from the keys alone: E1 opens it and goes page by page,
/// white keys choose, a played key is the root, and leaving it starts the session with the
/// tuning and sound kept as the student's. No key in the menu is an answer.
@Suite("The keyboard menu in the daemon", .daemon)
struct KeyboardMenuDaemonTests {
    static let menuKey = 28  // E1: 8 semitones below the range's C2

    static func said(_ daemon: TestDaemon) -> [String] {
        daemon.sound.recorded.compactMap { if case .said(let text) = $0 { text } else { nil } }
    }

    @Test("choose scale, dorian, D3, just intonation, sine from the keys; the session starts so and the choices are kept")
    func chooseAndStart() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("menu-\(UUID().uuidString.prefix(8))").path
        let config = try ConfigLoader.parse("[voice]\nspeak = \"on\"\n", file: "menu.toml")
        let reloader = ConfigReloader(source: .builtInDefaults, initial: config, logger: TestDaemon.logger, studentPath: state + "/student.toml")
        let daemon = try await TestDaemon(config: reloader)
        let link = try await daemon.connect()
        var events: [RPCNotification] = []
        _ = try await link.result("subscribe", .object(["topics": .array([.string("answer"), .string("session")])]))
        func play(_ keys: Int...) async throws {
            for key in keys { _ = try await link.result("notes.play", .object(["notes": .array([.number(Double(key))])]), notifications: &events) }
        }
        try await play(Self.menuKey)
        #expect(Self.said(daemon).last == "menu. exercise: scale", "\(Self.said(daemon))")
        try await play(48)  // C3: the first kind
        #expect(Self.said(daemon).last == "scale")
        try await play(Self.menuKey, 50)  // mode page; D3: the second mode
        #expect(Self.said(daemon).suffix(2) == ["mode: not chosen", "dorian"])
        try await play(Self.menuKey, 50)  // root page; D3 played
        #expect(Self.said(daemon).suffix(2) == ["root: not chosen", "D 3"])
        try await play(Self.menuKey, 50)  // tuning page; the second tuning
        #expect(Self.said(daemon).suffix(2) == ["tuning: equal temperament", "just intonation"])
        try await play(Self.menuKey, 50)  // sound page; the second source
        #expect(Self.said(daemon).suffix(2) == ["sound: cello", "sine"])
        #expect(!events.contains { $0.params["type"]?.stringValue == "note_judged" }, "no key in the menu is an answer")
        try await play(Self.menuKey, 48, 72)  // keys page: a 25-key keyboard's lowest and highest key
        #expect(Self.said(daemon).suffix(3) == ["keys: C 2 to C 5", "lowest C 3; now your highest key", "C 3 to C 5"])
        try await play(Self.menuKey)  // past the last page: the session starts

        #expect(await Polling.wait(seconds: 5) { ((try? await link.result("status")["session"]) ?? .null) != .null },
                "\(daemon.stdout)")
        let session = try #require(try await link.result("status")["session"])
        #expect(session["mode"]?.stringValue == "dorian", "\(session)")
        #expect(session["root"]?.stringValue?.hasPrefix("D") == true, "\(session)")
        #expect(session["tuning"]?.stringValue == "just")
        #expect(await daemon.app.core.currentSettings.soundSource == .sine)
        let kept = try String(contentsOfFile: state + "/student.toml", encoding: .utf8)
        #expect(kept.contains(#"training.tuning = "just""#) && kept.contains(#"training.sound_source = "sine""#), "\(kept)")
        #expect(kept.contains(#"training.lowest_note = "C3""#) && kept.contains(#"training.highest_note = "C5""#), "\(kept)")
        #expect(await daemon.app.core.currentSettings.noteRange == MIDINote(48)...MIDINote(72), "the questions stay on the keyboard's keys")
    }

    @Test("in the menu the skip key speaks a pairing code and the page's address; the code pairs once; nothing of it on stdout")
    func pairAPhone() async throws {
        let config = try ConfigLoader.parse("[voice]\nspeak = \"on\"\n[web]\nlisten = \"192.168.1.20:8750\"\n", file: "menu.toml")
        let reloader = ConfigReloader(source: .builtInDefaults, initial: config, logger: TestDaemon.logger)
        let daemon = try await TestDaemon(config: reloader)
        let link = try await daemon.connect()
        _ = try await link.result("notes.play", .object(["notes": .array([.number(Double(Self.menuKey))])]))
        _ = try await link.result("notes.play", .object(["notes": .array([.number(33)])]))  // A1: skip, 3 below C2
        #expect(await Polling.wait(seconds: 5) { Self.said(daemon).last?.hasPrefix("pairing code") == true }, "\(Self.said(daemon))")
        let spoken = try #require(Self.said(daemon).last)
        #expect(spoken.hasSuffix("On the phone, open 1 9 2 dot 1 6 8 dot 1 dot 2 0 port 8 7 5 0, slash pair, and type the code."), "\(spoken)")
        let digits = spoken.dropFirst("pairing code ".count).prefix(15).filter(\.isNumber)
        #expect(digits.count == 8)
        #expect(try await link.result("pairing.redeem", .object(["code": .string(String(digits))]))["paired"] == .bool(true))
        await #expect(throws: (any Error).self) { try await link.result("pairing.redeem", .object(["code": .string(String(digits))])) }
        let printed = daemon.stdout
        #expect(printed.contains("a code pairing a phone with the web view was spoken"), "\(printed)")
        #expect(!printed.contains(String(digits)), "the code is spoken, not printed")
    }

    @Test("the menu key during a session stops it (with its results); pressed again it opens the menu; the stop key leaves it unchanged")
    func stopLeaves() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("interval"), "seed": .number(3)]))
        _ = try await link.result("notes.play", .object(["notes": .array([.number(Double(Self.menuKey))])]))
        #expect(try await link.result("status")["session"] == nil, "the menu key ended the session")
        #expect(await !daemon.app.core.isMenuOpen, "a running session only stops")
        _ = try await link.result("notes.play", .object(["notes": .array([.number(Double(Self.menuKey))])]))
        #expect(await daemon.app.core.isMenuOpen)
        _ = try await link.result("notes.play", .object(["notes": .array([.number(50)])]))  // a choice
        _ = try await link.result("notes.play", .object(["notes": .array([.number(31)])]))  // G1: stop
        #expect(await !daemon.app.core.isMenuOpen)
        #expect(try await link.result("status")["session"] == nil, "nothing started")
        #expect(try await link.result("status")["ready"]?["kind"]?.stringValue == "interval", "the ready exercise is unchanged")
    }
}

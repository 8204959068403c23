import ConfigFile
import ControlProtocol
import Daemon
import DaemonTestSupport
import Foundation
import MusicTheory
import Testing

/// What the voice is given to say through a session: each question (in turn, before its notes),
/// right and wrong (at once), what was heard, the results; never an open question's answer; and
/// in `auto` only while no client follows the prompts.
@Suite("The voice through a session", .daemon)
struct VoiceTests {
    static func daemon(_ voice: String) async throws -> TestDaemon {
        let config = try ConfigLoader.parse("[voice]\n" + voice, file: "voice.toml")
        return try await TestDaemon(config: ConfigReloader(source: .builtInDefaults, initial: config, logger: TestDaemon.logger))
    }

    /// Everything the voice was given, queued or at once, in order.
    static func said(_ daemon: TestDaemon) -> [String] {
        daemon.sound.recorded.compactMap { call in
            switch call {
            case .said(let text), .cued(let text): text
            default: nil
            }
        }
    }

    @Test("an interval session: the question, wrong and right at once, what was heard, the results; the answer only after it was played")
    func intervalSession() async throws {
        let daemon = try await Self.daemon("speak = \"on\"\n")
        let link = try await daemon.connect()
        var notifications: [RPCNotification] = []
        _ = try await link.result("subscribe", .object(["topics": .array([.string("prompt")])]))
        _ = try await link.result("session.start", .object(["kind": .string("interval"), "seed": .number(5), "strict": .bool(true)]),
                            notifications: &notifications)
        let answer = try ShownInterval.answer(notifications)
        let opened = Array(Self.said(daemon).dropFirst())  // after the ready announcement
        #expect(opened.count == 1, "the question alone, no summary before it: \(opened)")
        #expect(opened.last?.contains(" up from ") == true, "the question: \(opened)")
        let queued = opened.last.flatMap { question in daemon.sound.recorded.firstIndex(of: .said(question)) }
        let notes = daemon.sound.recorded.lastIndex { if case .prompt = $0 { true } else { false } }
        #expect(queued != nil && notes != nil && queued! < notes!, "the question is said before its notes: \(daemon.sound.recorded)")
        #expect(!opened.joined().contains(answer.spoken), "the answer \(answer.spoken) is not said while open: \(opened)")

        let wrong = MIDINote(answer.midiNumber + 1)
        _ = try await link.result("notes.play", .object(["notes": .array([.number(Double(wrong.rawValue))])]))
        #expect(Self.said(daemon).last == "wrong")
        #expect(daemon.sound.recorded.last == .cued("wrong"), "said at once")
        #expect(!Self.said(daemon).joined().contains(answer.spoken))
        _ = try await link.result("notes.play", .object(["notes": .array([.number(Double(answer.midiNumber))])]))
        let afterRight = Array(Self.said(daemon).dropFirst(1 + opened.count + 1))
        #expect(afterRight.first == "right", "\(afterRight)")
        #expect(afterRight.dropFirst().first.map { $0.hasPrefix("a ") || $0.hasPrefix("an ") } == true, "what was heard: \(afterRight)")
        #expect(afterRight.dropFirst().first.map { !$0.contains(" up from ") && !$0.contains("m2") } == true, "named in words: \(afterRight)")
        _ = try await link.result("session.stop")
        let results = try #require(Self.said(daemon).last)
        // The session's length is the clock's: "1 second" on a loaded machine, "0 seconds" on a quiet one.
        #expect(results.hasPrefix("1 correct, 1 error, ") && results.range(of: #"[0-9]+ seconds?$"#, options: .regularExpression) != nil,
                "\(results)")
    }

    @Test("compare: the question without its offset; after the answer what it was and how far; the threshold with the results")
    func compareSession() async throws {
        let daemon = try await Self.daemon("speak = \"on\"\n")
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("compare"), "seed": .number(5), "root": .string("C4")]))
        let opened = Array(Self.said(daemon).dropFirst())
        #expect(opened == ["listen: C 4, then the same note. Higher or lower?"], "\(opened)")
        _ = try await link.result("notes.play", .object(["notes": .array([.string("D4")])]))
        let after = Array(Self.said(daemon).dropFirst(2))
        #expect(after.count >= 2 && ["right", "wrong"].contains(after[0]), "\(after)")
        #expect(after[1] == "higher, 25 cents" || after[1] == "lower, 25 cents", "\(after)")
        _ = try await link.result("session.stop")
        #expect(Self.said(daemon).last?.hasPrefix("threshold octave 4: ") == true, "\(Self.said(daemon))")
    }

    @Test("auto speaks while no client follows the prompts, and not while one does; off never speaks")
    func autoAndOff() async throws {
        let auto = try await Self.daemon("speak = \"auto\"\n")
        let watcher = try await auto.connect()
        _ = try await watcher.result("subscribe", .object(["topics": .array([.string("prompt")])]))
        let before = Self.said(auto).count
        _ = try await auto.connect().result("session.start", .object(["kind": .string("scale"), "root": .string("D"), "mode": .string("dorian")]))
        #expect(Self.said(auto).count == before, "a client follows the prompts: \(Self.said(auto))")
        _ = try await watcher.result("unsubscribe", .object(["topics": .array([.string("prompt")])]))
        _ = try await auto.connect().result("session.repeat")
        _ = try await auto.connect().result("session.stop")
        #expect(Self.said(auto).last?.hasPrefix("0 correct, 0 errors") == true, "\(Self.said(auto))")

        let off = try await Self.daemon("speak = \"off\"\n")
        _ = try await off.connect().result("session.start", .object(["kind": .string("scale"), "root": .string("D"), "mode": .string("dorian")]))
        _ = try await off.connect().result("session.stop")
        #expect(Self.said(off).isEmpty)
    }

    @Test("at boot the ready exercise is announced, how to begin, and the gestures that control it")
    func readyAtBoot() async throws {
        let daemon = try await Self.daemon("speak = \"auto\"\n")
        #expect(Self.said(daemon) == [
            "ready: C ionian scale. Play any key to begin. Push the modulation wheel up to stop, and for the menu. "
                + "Three neighbouring keys together: repeat from middle C up; skip below middle C. "
                + "The pitch-bend wheel all the way down: the cadence again; up: the notes again.",
        ])
        let keysOnly = try await Self.daemon("speak = \"auto\"\n[midi.controls]\nrepeat = [\"below:1\"]\nskip = [\"below:3\"]\nmenu = [\"below:8\"]\n"
            + "repeat_cadence = [\"below:10\"]\nrepeat_notes = []\n")
        #expect(Self.said(keysOnly) == ["ready: C ionian scale. Play any key to begin."], "no gesture bound, none said")
    }

    @Test("a scale's question is said with its root and mode, note names as words")
    func scaleWords() async throws {
        let daemon = try await Self.daemon("speak = \"on\"\n")
        _ = try await daemon.connect().result("session.start", .object(["kind": .string("scale"), "root": .string("F#"), "mode": .string("dorian")]))
        #expect(Self.said(daemon).contains("F sharp dorian, from F sharp 2"), "\(Self.said(daemon))")
    }
}

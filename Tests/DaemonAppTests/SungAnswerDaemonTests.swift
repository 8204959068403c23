import ClientViews
import ConfigFile
import ControlProtocol
import Daemon
import DaemonTestSupport
import Foundation
import Glibc
import MusicTheory
import Testing
import Training

/// A sung answer through the whole daemon: `[listen] driver = "file"` reads a WAV stream from a
/// named pipe as it is written, the tracker hears each note, and the engine judges it as the key
/// nearest to it, with its cents against the note in tune; `status` says it listens.
@Suite("sung answers through the daemon", .daemon)
struct SungAnswerDaemonTests {
    /// A folder of its own with a named pipe in it, the listening input's.
    static func pipeFolder() throws -> (folder: URL, pipe: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sung-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pipe = folder.appendingPathComponent("listen.wav").path
        #expect(mkfifo(pipe, 0o600) == 0)
        return (folder, pipe)
    }

    /// The shipped config with the listening input on `pipe`.
    static func config(listeningTo pipe: String, in folder: URL) throws -> ConfigReloader {
        let shipped = try String(contentsOf: TestDaemon.repository.appendingPathComponent("config/eartrainer.toml"), encoding: .utf8)
        let text = shipped.replacingOccurrences(of: "\ndriver = \"off\"\n", with: "\ndriver = \"file\"\n")
            .replacingOccurrences(of: "for \"file\", the path of the WAV stream.\ndevice = \"default\"",
                                  with: "for \"file\", the path of the WAV stream.\ndevice = \"\(pipe)\"")
        #expect(text != shipped, "the shipped config's [listen] section is where the test looks for it")
        let path = folder.appendingPathComponent("listen.toml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let source = ConfigSource.commandLine(path)
        return ConfigReloader(source: source, initial: try ConfigLoader.load(source), logger: TestDaemon.logger)
    }

    /// A sung-like tone (a fundamental and two partials, 30 ms in and out) of each frequency for
    /// `seconds`, silence between, as a mono 16-bit WAV at 48 kHz, header first (an unknown length).
    static func wav(_ frequencies: [Double], seconds: Double = 0.6, gap: Double = 0.35, lead: Double = 0.5) -> [UInt8] {
        stream(tones(frequencies.map { ($0, seconds) }, gap: gap, lead: lead).samples)
    }

    /// `samples` at 48 kHz as a mono 16-bit WAV stream, header first (an unknown length).
    static func stream(_ samples: [Float]) -> [UInt8] {
        var bytes: [UInt8] = Array("RIFF".utf8) + le32(0xFFFF_FFFF) + Array("WAVEfmt ".utf8) + le32(16)
        bytes += le16(1) + le16(1) + le32(48_000) + le32(96_000) + le16(2) + le16(16)
        return bytes + Array("data".utf8) + le32(0xFFFF_FFFF) + pcm16(samples)
    }

    /// Each tone's samples at 48 kHz (a fundamental and two partials, 30 ms in and out) after
    /// `lead` seconds of silence, `gap` seconds of it after each; and the sample each tone begins at.
    static func tones(_ tones: [(hertz: Double, seconds: Double)], gap: Double, lead: Double) -> (samples: [Float], onsets: [Int]) {
        let rate = 48_000.0
        var samples = [Float](repeating: 0, count: Int(lead * rate))
        var onsets: [Int] = []
        for tone in tones {
            onsets.append(samples.count)
            let count = Int(tone.seconds * rate), ramp = Int(0.03 * rate)
            for index in 0..<count {
                let t = Double(index) / rate
                let envelope = Double(min(index, count - 1 - index, ramp)) / Double(ramp)
                let sound = sin(2 * .pi * tone.hertz * t) + 0.5 * sin(4 * .pi * tone.hertz * t) + 0.25 * sin(6 * .pi * tone.hertz * t)
                samples.append(Float(0.3 * envelope * sound))
            }
            samples += [Float](repeating: 0, count: Int(gap * rate))
        }
        return (samples, onsets)
    }

    /// Samples as 16-bit little-endian PCM.
    static func pcm16(_ samples: some Collection<Float>) -> [UInt8] {
        samples.flatMap { sample in le16(UInt16(bitPattern: Int16(max(-32767, min(32767, (sample * 32767).rounded()))))) }
    }

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    /// Writes `bytes` into the pipe on a thread of its own (the open waits for the daemon's reader),
    /// then keeps it open `holding` seconds, as a recorder that has paused.
    static func write(_ bytes: [UInt8], to pipe: String, holding: Double = 0) {
        Thread {
            let fd = open(pipe, O_WRONLY)
            guard fd >= 0 else { return }
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                guard written > 0 else { break }
                offset += written
            }
            if holding > 0 { Thread.sleep(forTimeInterval: holding) }
            close(fd)
        }.start()
    }

    /// Equal-tempered frequency of MIDI `note` moved by `cents`.
    static func hertz(_ note: Int, _ cents: Double = 0) -> Double {
        440 * exp2((Double(note) - 69) / 12 + cents / 1200)
    }

    @Test("a C major scale sung into the pipe is judged 8 of 8 from `listen`, each note's cents as sung, in tune within 15 c")
    func scaleSung() async throws {
        let (folder, pipe) = try Self.pipeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let daemon = try await TestDaemon(config: try Self.config(listeningTo: pipe, in: folder))
        let link = try await daemon.connect()
        _ = try await link.result("subscribe", .object(["topics": .array([.string("answer")])]))
        _ = try await link.result("session.start", .object([
            "kind": .string("scale"), "mode": .string("ionian"), "root": .string("C3"),
        ]))
        // C3 … C4, each sung off by a known amount; the fifth 20 c flat, out of tune.
        let offsets: [Double] = [0, 5, -8, 3, -20, 10, -4, 2]
        let notes = [48, 50, 52, 53, 55, 57, 59, 60]
        Self.write(Self.wav(zip(notes, offsets).map { Self.hertz($0, $1) }), to: pipe)

        var judged: [JSONValue] = []
        while judged.count < 8 {
            let notification = try await link.nextNotification()
            if notification.params["type"]?.stringValue == "note_judged" { judged.append(notification.params) }
        }
        #expect(judged.count == 8, "\(judged)")
        for (index, event) in judged.enumerated() {
            let details = try JSONDecoder().decode(NoteJudgedDetails.self, from: JSONEncoder().encode(event["details"]))
            #expect(details.source == "listen" && details.correct, "\(event)")
            let cents = try #require(details.cents, "\(event)")
            #expect(abs(cents - offsets[index]) <= 0.5, "note \(index + 1): \(cents) c for \(offsets[index]) c")
            #expect(details.inTune == (abs(offsets[index]) <= 15), "\(event)")
            #expect(event["text"]?.stringValue?.contains("(sung ") == true, "\(event)")
        }
        // Each whole note, once it has ended, on stdout: its key and its centre's cents.
        #expect(await Polling.wait(seconds: 60) { daemon.stdout.components(separatedBy: "listen: heard ").count > 8 })
        let heard = daemon.stdout.components(separatedBy: "\n").filter { $0.contains("listen: heard ") }
            .map { $0.components(separatedBy: "listen: heard ")[1].split(separator: " ") }
        #expect(heard.map { String($0[0]) } == ["C3", "D3", "E3", "F3", "G3", "A3", "B3", "C4"], "\(heard)")
        for (line, offset) in zip(heard, offsets) {
            #expect(abs((Double(line[1]) ?? .nan) - offset) <= 0.3, "\(line) for \(offset) c")
        }
        let status = try await link.result("status", as: StatusResult.self)
        let listen = try #require(status.devices.listen)
        #expect(listen.driver == "file" && listen.device == pipe && listen.notesHeard == 8, "\(listen)")
        #expect(listen.format == "48000 Hz, 1 channel, 16-bit", "\(listen)")
        #expect(listen.listenToJudgement != nil)
        print("sung scale: onset to judgement, median of 8: \(listen.listenToJudgement ?? .nan) ms; cents \(judged.map { $0["details"]?["cents"]?.numberValue ?? .nan })")
        // The results give the sung notes' mean absolute error, overall and per degree, and the
        // results screen says it.
        let results = try await link.result("session.stop", as: ResultsReport.self)
        let mean = offsets.map(abs).reduce(0, +) / Double(offsets.count)
        #expect(abs((results.meanAbsoluteCents ?? .nan) - mean) <= 0.2, "\(String(describing: results.meanAbsoluteCents)) for \(mean)")
        #expect(abs((results.breakdown.first { $0.subject == "degree 5" }?.meanAbsoluteCents ?? .nan) - 20) <= 0.2, "\(results.breakdown)")
        #expect(ResultsScreen.lines(results).contains { $0.hasPrefix(String(format: "mean error %.1f c", results.meanAbsoluteCents ?? .nan)) },
                "\(ResultsScreen.lines(results))")
    }

    @Test("an interval sung for 1.2 s: judged as it settles, measured once it ends, and only then the next question")
    func nextQuestionAfterTheNote() async throws {
        let (folder, pipe) = try Self.pipeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let daemon = try await TestDaemon(config: try Self.config(listeningTo: pipe, in: folder))
        let link = try await daemon.connect()
        _ = try await link.result("subscribe", .object(["topics": .array([.string("answer"), .string("prompt")])]))
        var seen: [RPCNotification] = []
        _ = try await link.result("session.start", .object([
            "kind": .string("interval"), "root": .string("C3"), "intervals": .array([.string("P5")]),
            "direction": .string("ascending"), "seed": .number(3),
        ]), notifications: &seen)
        while !seen.contains(where: { $0.params["type"]?.stringValue == "prompt" }) { seen.append(try await link.nextNotification()) }
        let fifth = try ShownInterval.answer(seen)
        Self.write(Self.wav([Self.hertz(fifth.midiNumber, 4)], seconds: 1.2), to: pipe)
        while seen.filter({ $0.params["type"]?.stringValue == "prompt" }).count < 2 { seen.append(try await link.nextNotification()) }
        let types = seen.compactMap { $0.params["type"]?.stringValue }
        #expect(types.suffix(3) == ["note_judged", "note_measured", "prompt"], "\(types)")
        let reports = try seen.map { try Wire.decode(EventReport.self, from: $0.params) }
        let at = { (type: String) in reports.last { $0.type == type }?.sessionSeconds ?? .nan }
        // Judged about 0.15 s into the note, asked again at its end, 1.2 s after its onset.
        #expect(at("prompt") - at("note_judged") >= 0.9, "\(at("note_judged")) s, then \(at("prompt")) s")
        #expect(at("prompt") >= at("note_measured"))
        let measured = try #require(seen.last { $0.params["type"]?.stringValue == "note_measured" })
        #expect(abs((measured.params["details"]?["cents"]?.numberValue ?? .nan) - 4) <= 0.5, "\(measured.params)")
    }

    @Test("match sung: with a listening input no note is held (the singer makes it); the target sung 3 c sharp is right at +3 c")
    func matchSung() async throws {
        let (folder, pipe) = try Self.pipeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let daemon = try await TestDaemon(config: try Self.config(listeningTo: pipe, in: folder))
        let link = try await daemon.connect()
        _ = try await link.result("subscribe", .object(["topics": .array([.string("answer")])]))
        _ = try await link.result("session.start", .object([
            "kind": .string("match"), "root": .string("A3"), "tolerance": .number(5), "seed": .number(3),
        ]))
        #expect(!daemon.sound.recorded.contains { if case .hold = $0 { true } else { false } }, "\(daemon.sound.recorded)")
        Self.write(Self.wav([Self.hertz(57, 3)]), to: pipe)
        var judged: JSONValue?
        while judged == nil {
            let notification = try await link.nextNotification()
            if notification.params["type"]?.stringValue == "note_judged" { judged = notification.params }
        }
        let details = try JSONDecoder().decode(NoteJudgedDetails.self, from: JSONEncoder().encode(judged?["details"]))
        #expect(details.source == "listen" && details.correct && details.inTune == true, "\(String(describing: judged))")
        #expect(abs((details.cents ?? 0) - 3) <= 0.5, "\(String(describing: details.cents))")
    }

    @Test("sight-sing: the melody shown is sung note by note, each judged with its cents in the session's tuning (just: in tune at the just pitch)")
    func sightSung() async throws {
        let (folder, pipe) = try Self.pipeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let daemon = try await TestDaemon(config: try Self.config(listeningTo: pipe, in: folder))
        let link = try await daemon.connect()
        _ = try await link.result("subscribe", .object(["topics": .array([.string("prompt"), .string("answer")])]))
        // The prompt comes before the reply, among the notifications read while waiting for it.
        var notifications: [RPCNotification] = []
        _ = try await link.result("session.start", .object([
            "kind": .string("sight-sing"), "root": .string("C"), "length": .number(5), "tuning": .string("just"), "seed": .number(3),
        ]), notifications: &notifications)
        var prompt = notifications.first { $0.params["type"]?.stringValue == "prompt" }?.params
        while prompt == nil {
            let notification = try await link.nextNotification()
            if notification.params["type"]?.stringValue == "prompt" { prompt = notification.params }
        }
        let noteNames = (prompt?["details"]?["question"]?["notes"]?.arrayValue ?? []).compactMap { $0.stringValue }
        let shown = try #require(noteNames.isEmpty ? nil : noteNames, "\(String(describing: prompt))")
        let notes = try shown.map { try SpelledNote(parsing: $0).midiNumber }
        // What sounded: the cadence's chords, never a note of the melody alone.
        let sounded = daemon.sound.recorded.compactMap { call -> [Int]? in
            switch call {
            case .prompt(let keys, _), .chord(let keys, _): keys.map(\.rawValue)
            default: nil
            }
        }
        #expect(notes.count == 5 && !sounded.isEmpty && sounded.allSatisfy { $0.count >= 3 }, "the melody is shown, never sounded: \(sounded)")
        // Each note at its just pitch above the tonic (C), as a singer in tune with the cadence
        // sings it, the third 12 c sharp of it.
        let tonic = try #require(prompt?["details"]?["question"]?["key"]?.stringValue)
        #expect(tonic == "C ionian")
        let justCents: [Int: Double] = [0: 0, 2: 3.91, 4: -13.69, 5: -1.96, 7: 1.96, 9: -15.64, 11: -11.73]
        let offsets = notes.indices.map { $0 == 2 ? 12.0 : 0 }
        Self.write(Self.wav(zip(notes, offsets).map { Self.hertz($0, (justCents[$0 % 12] ?? .nan) + $1) }), to: pipe)
        var judged: [JSONValue] = []
        while judged.count < notes.count {
            let notification = try await link.nextNotification()
            if notification.params["type"]?.stringValue == "note_judged" { judged.append(notification.params) }
        }
        for (index, event) in judged.enumerated() {
            let details = try JSONDecoder().decode(NoteJudgedDetails.self, from: JSONEncoder().encode(event["details"]))
            #expect(details.source == "listen" && details.correct, "note \(index + 1): \(event)")
            let cents = try #require(details.cents, "\(event)")
            #expect(abs(cents - offsets[index]) <= 0.5, "note \(index + 1) (\(shown[index])): \(cents) c against the just pitch, sung \(offsets[index]) c off")
        }
    }

    @Test("eartrainctl listen reads the pitch heard now: A3 7 c sharp in equal temperament, 20.7 c sharp in just intonation from F")
    func tuner() async throws {
        let (folder, pipe) = try Self.pipeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let daemon = try await TestDaemon(socketFile: true, config: try Self.config(listeningTo: pipe, in: folder))
        // One held note cut off at full level (its fade left out): the last reading is the note's.
        // The readings come 20 times a second: one in the attack reads its pitch not yet settled
        // (+8.3 c), so the line is read until the note has settled to its cents.
        let note = Self.wav([Self.hertz(57, 7)], seconds: 2.5, gap: 0)
        Self.write(Array(note.prefix(note.count - 48_000)), to: pipe, holding: 120)
        var line = ""
        let read = await Polling.wait(seconds: 60) {
            line = (try? await Eartrainctl.run(["listen", "--once"], socket: daemon.socketPath).stdout) ?? ""
            return line.contains("+7.0 c")
        }
        #expect(read && line.hasPrefix("A3 ") && line.contains("+7.0 c") && line.contains("in tune"), "\(line)")
        print("eartrainctl listen --once: \(line)")
        // From F, A is a major third: just puts it 13.7 c under equal's.
        let just = try await Eartrainctl.run(["listen", "--once", "--tuning", "just", "--key", "F"], socket: daemon.socketPath).stdout
        #expect(just.hasPrefix("A3 ") && just.contains("+20.7 c") && just.contains("sharp"), "\(just)")
        print("eartrainctl listen --once --tuning just --key F: \(just)")
        let json = try await Eartrainctl.run(["listen", "--once", "--json"], socket: daemon.socketPath)
        let status = try Wire.decode(ListenStatus.self, from: try JSONDecoder().decode(JSONValue.self, from: Data(json.stdout.utf8)))
        #expect(abs((status.hertz ?? 0) - Self.hertz(57, 7)) < 0.02, "\(json.stdout)")
        let refused = try await Eartrainctl.run(["listen", "--once", "--tuning", "mean-tone"], socket: daemon.socketPath)
        #expect(refused.status == 64 && refused.stderr.contains("equal, just or pythagorean"), "\(refused)")
    }

    @Test("eartrainctl listen with no listening input says what to set, and fails")
    func tunerWithoutInput() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        let output = try await Eartrainctl.run(["listen", "--once"], socket: daemon.socketPath)
        #expect(output.status == 1 && output.stderr.contains("no listening input") && output.stderr.contains("[listen]"), "\(output)")
    }

    @Test("notes that begin while the daemon's own sound is heard are left out, counted as its own")
    func ownSoundLeftOut() async throws {
        let (folder, pipe) = try Self.pipeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sound = RecordingSoundOutput(status: SoundStatus(deviceOpen: true, detail: "test"))
        sound.soundsUntil(.now + .seconds(600))
        let daemon = try await TestDaemon(config: try Self.config(listeningTo: pipe, in: folder), sound: sound)
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object([
            "kind": .string("scale"), "mode": .string("ionian"), "root": .string("C3"),
        ]))
        Self.write(Self.wav([48, 50, 52].map { Self.hertz($0) }), to: pipe)
        #expect(await Polling.wait(seconds: 120) { (daemon.app.core.listening.status?.ownSound ?? 0) >= 3 },
                "\(String(describing: daemon.app.core.listening.status))")
        let status = try await link.result("status", as: StatusResult.self)
        #expect(status.devices.listen?.notesHeard == 0 && status.session?.correct == 0, "\(status)")
    }
}

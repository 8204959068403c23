import DaemonTestSupport
import Foundation
import MusicTheory
import SoundAnalysis
import Testing

/// A teacher's timing, heard in the WAV the `file` driver writes (sine source, the voice on): the
/// instruction before the notes, feedback words at once, nothing of a question outliving it.
@Suite("The question's timeline, heard", .realTime)
struct TimelineListeningTests {
    /// A daemon writing `lesson.wav` in `folder`, the voice on, notes lasting `noteDuration`.
    static func daemon(_ folder: URL, noteDuration: Double) async throws -> (DaemonProcess, String) {
        try await EarListeningTests.daemon(folder, speak: "on", noteDuration: noteDuration)
    }

    /// The starts (in seconds) of the 0.25 s spans, every 50 ms, in which `key` sounds: its
    /// energy that of a sine of at least `amplitude` and well above the keys a semitone either
    /// side (a quarter second tells a semitone apart down to C2).
    static func windows(of key: MIDINote, in listener: WAVListener, amplitude: Double = 0.02) -> [Double] {
        let span = listener.rate / 4, step = listener.rate / 20
        let rate = Double(listener.rate)
        let hertz = { (note: Int) in 440 * pow(2, Double(note - 69) / 12) }
        let floor = pow(Double(span) * amplitude / 2, 2)
        return listener.samples.withUnsafeBufferPointer { samples in
            stride(from: 0, to: samples.count - span, by: step).compactMap { start in
                let window = UnsafeBufferPointer(rebasing: samples[start..<start + span])
                let here = power(window, at: hertz(Int(key.rawValue)), rate: rate)
                guard here > floor else { return nil }
                let beside = max(power(window, at: hertz(Int(key.rawValue) - 1), rate: rate),
                                 power(window, at: hertz(Int(key.rawValue) + 1), rate: rate))
                return here > 4 * beside ? Double(start) / rate : nil
            }
        }
    }

    /// Goertzel: the power of `frequency` in `samples`.
    static func power(_ samples: UnsafeBufferPointer<Float>, at frequency: Double, rate: Double) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * frequency / rate)
        var (previous, beforePrevious) = (0.0, 0.0)
        for sample in samples {
            let current = Double(sample) + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = current
        }
        return previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
    }

    /// The first sample louder than `level` from `seconds` on, in seconds.
    static func onset(in listener: WAVListener, from seconds: Double, level: Float = 0.02) -> Double? {
        let from = Int(seconds * Double(listener.rate))
        guard from < listener.samples.count else { return nil }
        return listener.samples[from...].firstIndex { abs($0) > level }.map { Double($0) / Double(listener.rate) }
    }

    /// A daemon in a new folder with an interval session on `root` started: the folder (for the
    /// caller to remove), the daemon, its WAV's path and the question's root.
    static func session(_ name: String, noteDuration: Double, root: String, strict: Bool = false) async throws
        -> (folder: URL, daemon: DaemonProcess, wav: String, root: MIDINote)
    {
        let folder = try EarListeningTests.folder(name)
        let (daemon, wav) = try await Self.daemon(folder, noteDuration: noteDuration)
        _ = try await Eartrainctl.run(["start", "interval", "--root", root, "--intervals", "P5"] + (strict ? ["--strict"] : []),
                                socket: daemon.socketPath)
        return await (folder, daemon, wav, try Self.root(daemon))
    }

    /// The open question's root, as `status` names it.
    static func root(_ daemon: DaemonProcess) async throws -> MIDINote {
        let status = try await Eartrainctl.run(["status", "--json"], socket: daemon.socketPath).stdout
        let root = try #require(status.firstMatch(of: /"root":"([A-G][#b]?-?\d)"/)?.1, "\(status)")
        return try MIDINote(parsing: String(root))
    }

    @Test("the instruction is spoken before the first note; a stop, or a new session begun, fades the sounding note out within a period and the fade",
          arguments: [["stop"], ["start", "interval", "--root", "G3", "--intervals", "P5"]])
    func instructionFirstAndStop(action: [String]) async throws {
        let (folder, daemon, wav, root) = try await Self.session("timeline", noteDuration: 6, root: "C3")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Task.sleep(for: .seconds(4.5))  // the instruction, then 2 s or more of the 6 s root
        _ = try await Eartrainctl.run(action, socket: daemon.socketPath)
        try await Task.sleep(for: .seconds(1.5))
        let listener = try WAVListener(path: wav)
        let toneWindows = Self.windows(of: root, in: listener)
        // A sine is as loud as the cello's note (docs/audio.md, "Headroom and balance"): about 0.06 at C3.
        let firstTone = try #require(toneWindows.first.flatMap { Self.onset(in: listener, from: $0 + 0.2, level: 0.03) })
        let firstSound = try #require(listener.sounds().first)
        #expect(firstSound.start < firstTone - 0.5, "speech (\(firstSound)) before the root at \(firstTone)")
        #expect(listener.keys(in: firstSound) != [root], "the first sound is the instruction, not the note")

        // The tone was cut: from its steady level to silence within the fade and one period,
        // before its natural end (the results are said after, apart).
        let rate = Double(listener.rate)
        // The envelope: the peak over 10 ms, longer than the root's period (C3: 7.6 ms).
        let window = listener.rate / 100
        let envelope = { (at: Int) -> Float in
            listener.samples[at..<min(listener.samples.count, at + window)].reduce(0) { max($0, abs($1)) }
        }
        let from = Int((firstTone + 0.3) * rate)
        try #require(from + window < listener.samples.count, "the WAV holds the tone")
        let steady = envelope(from)
        var at = from
        while at + window < listener.samples.count, envelope(at) > 0.9 * steady { at += 48 }
        let lastSteady = at
        while at + window < listener.samples.count, envelope(at) > 0.01 * steady { at += 48 }
        #expect(Double(at) / rate < firstTone + 5.5, "cut before its end: \(Double(at) / rate) s, the tone from \(firstTone) s")
        // The fade lasts one period (128 frames); the device's buffer (3 periods) is written ahead;
        // the 10 ms window measures it.
        let cut = Double(at - lastSteady) / rate
        #expect(cut <= 2 * 128.0 / 48000 + 0.01 + 0.002, "from steady to silent in \(cut * 1000) ms")
        // Then only the results are said (and a new session's own question): this root never again.
        let cutAt = Double(at) / rate
        #expect(toneWindows.allSatisfy { $0 < cutAt }, "the root after the stop: \(toneWindows.filter { $0 >= cutAt })")
    }

    @Test("a new start and a repeat never sound over a prompt: the old notes fade out before the new ones")
    func noOverlap() async throws {
        let (folder, daemon, wav, first) = try await Self.session("overlap", noteDuration: 4, root: "C3")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Task.sleep(for: .seconds(5))  // the instruction, then the first root
        _ = try await Eartrainctl.run(["start", "interval", "--root", "G3", "--intervals", "P5"], socket: daemon.socketPath)
        let second = try await Self.root(daemon)
        try await Task.sleep(for: .seconds(4.5))  // the old root fades, the instruction, then the second root
        _ = try await Eartrainctl.run(["repeat"], socket: daemon.socketPath)
        try await Task.sleep(for: .seconds(2))
        let listener = try WAVListener(path: wav)
        let old = Set(Self.windows(of: first, in: listener))
        let new = Self.windows(of: second, in: listener)
        #expect(!old.isEmpty && !new.isEmpty, "both roots heard: \(first) \(old.count), \(second) \(new.count)")
        #expect(old.isDisjoint(with: new), "no moment with both roots: \(old.intersection(new).sorted())")
        // The repeat restarts the prompt: never two copies at once (two sines of one pitch, met,
        // make up to four times the power of one).
        let powers = listener.samples.withUnsafeBufferPointer { samples in
            new.map { start in
                let from = Int(start * Double(listener.rate))
                let window = UnsafeBufferPointer(rebasing: samples[from..<min(samples.count, from + listener.rate / 4)])
                return Self.power(window, at: 440 * pow(2, Double(Int(second.rawValue) - 69) / 12), rate: Double(listener.rate))
            }
        }
        try #require(!powers.isEmpty, "the second root was not heard")
        let typical = powers.sorted()[powers.count / 2]
        #expect((powers.max() ?? 0) < 1.5 * typical, "one prompt at a time: power up to \(powers.max() ?? 0) against \(typical)")
    }

    @Test("a wrong key is answered by the voice within half a second, while nothing else is asked")
    func feedbackAtOnce() async throws {
        let (folder, daemon, wav, root) = try await Self.session("feedback", noteDuration: 0.2, root: "C3", strict: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Task.sleep(for: .seconds(5))  // the instruction, then the root (0.2 s)
        let wrong = MIDINote(root.rawValue + 1)
        let played = try await Eartrainctl.run(["play", wrong.spelled.description, "--velocity", "127"], socket: daemon.socketPath)
        #expect(played.stdout.contains("✗"), "\(played.stdout)")
        try await Task.sleep(for: .seconds(1.5))
        let listener = try WAVListener(path: wav)
        // A 0.2 s sine is as loud as the cello's first 0.2 s, its attack (about 0.03 at velocity 127).
        let span = try #require(Self.windows(of: wrong, in: listener, amplitude: 0.01).first, "the key sounds")
        let key = try #require(Self.onset(in: listener, from: span), "the key's first sample")
        // The key lasts 0.2 s; anything heard from 0.25 s to 0.5 s after it is the voice.
        let voice = listener.sounds(after: key + 0.25).first
        #expect(voice.map { $0.start < key + 0.5 } == true, "the word within 0.5 s of the key at \(key): \(String(describing: voice))")
    }

    @Test("a skip: the prompt gives way to the answer, never under it, then a breath before the next question")
    func skipThenAnswerThenBreath() async throws {
        let (folder, daemon, wav, root) = try await Self.session("skip", noteDuration: 1, root: "C3")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sounding = await Polling.wait(seconds: 20) {
            (try? WAVListener(path: wav)).map { !Self.windows(of: root, in: $0).isEmpty } ?? false
        }
        try #require(sounding, "the root sounded")
        _ = try await Eartrainctl.run(["skip"], socket: daemon.socketPath)
        // The answer (two notes of 1 s), a breath, the next question's instruction and root.
        let asked = { (listener: WAVListener) -> Bool in
            let heard = Self.windows(of: root, in: listener)
            return (heard.last ?? 0) > (heard.first ?? 0) + 4
        }
        _ = await Polling.wait(seconds: 20) { (try? WAVListener(path: wav)).map(asked) ?? false }
        try await Task.sleep(for: .seconds(0.5))
        let listener = try WAVListener(path: wav)
        let answer = MIDINote(root.rawValue + 7)  // the fifth above
        let roots = Self.windows(of: root, in: listener)
        let answers = Self.windows(of: answer, in: listener)
        let firstRoot = try #require(roots.first)
        let revealed = try #require(answers.first { $0 > firstRoot }, "the answer is heard after the skip")
        let lastAnswer = answers.last { $0 < revealed + 2 } ?? revealed
        // The next question's root: after the answer, a breath (1.2 s) and its instruction.
        let next = try #require(roots.first { $0 > lastAnswer }, "the next question's root")
        #expect(next - (lastAnswer + 0.25) >= 1.0, "a breath between the answer (to \(lastAnswer + 0.25) s) and the next root at \(next) s")
        // The skipped prompt never sounds under what follows: one root at a time (two sines of
        // one pitch, met, make up to four times the power of one).
        let powers = listener.samples.withUnsafeBufferPointer { samples in
            roots.filter { $0 < lastAnswer }.map { start in
                let from = Int(start * Double(listener.rate))
                let window = UnsafeBufferPointer(rebasing: samples[from..<min(samples.count, from + listener.rate / 4)])
                return Self.power(window, at: 440 * pow(2, Double(Int(root.rawValue) - 69) / 12), rate: Double(listener.rate))
            }
        }
        try #require(!powers.isEmpty, "the second root was not heard")
        let typical = powers.sorted()[powers.count / 2]
        #expect((powers.max() ?? 0) < 1.5 * typical, "one root at a time: power up to \(powers.max() ?? 0) against \(typical)")
    }
}

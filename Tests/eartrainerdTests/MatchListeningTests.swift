import ControlProtocol
import DaemonTestSupport
import FluidSynthAudio
import Foundation
import MusicTheory
import SoundAnalysis
import Testing
import Training

/// `match` answered by listening: the test measures in the WAV the `file` driver writes (on the
/// sine and on the cello: `match` sounds on the steady tone whatever the source, so a note tuned
/// by ear is judged as it was heard) how far the held note sounds from the reference, moves the wheel with `eartrainctl
/// bend` to bring it in tune (then, in the next question, 3 c sharp on purpose), hears the held
/// note follow, confirms with a key and reads the judged error. Never the answer from the daemon.
@Suite("Tuning with the wheel, by ear", .realTime)
struct MatchListeningTests {
    /// The pitch of the WAV's samples from `from` to `to` seconds, near `expected` hertz.
    static func pitch(_ listener: WAVListener, from: Double, to: Double, near expected: Double) throws -> Double {
        let span = Array(listener.samples[Int(from * Double(listener.rate))..<min(listener.samples.count, Int(to * Double(listener.rate)))])
        return try #require(PitchEstimator().estimate(span, sampleRate: Double(listener.rate), expected: expected)).hertz
    }

    /// The reference's and the held note's pitches in the latest question heard (the held note
    /// sounding to the end of the WAV), measured away from their ramps.
    static func heard(_ wav: String, after: Double) throws -> (reference: Double, held: Double, heldFrom: Double) {
        let listener = try WAVListener(path: wav)
        let sounds = listener.sounds(after: after)
        #expect(sounds.count >= 2, "a reference then the held note: \(sounds)")
        let reference = try #require(sounds.dropLast().last), held = try #require(sounds.last)
        let key = try #require(listener.keys(in: reference).first, "the reference's key")
        let nominal = Frequency(key).hertz
        let referenceHertz = try pitch(listener, from: reference.start + 0.1, to: reference.end - 0.1, near: nominal)
        let heldHertz = try pitch(listener, from: held.start + 0.1, to: held.end - 0.02, near: nominal)
        return (referenceHertz, heldHertz, held.start)
    }

    static func cents(_ hertz: Double, above reference: Double) -> Double { 1200 * log2(hertz / reference) }

    /// Where the wheel bends by `cents` at the shipped ±2 semitones.
    static func wheel(_ cents: Double) -> Int { PitchWheel.value(forCents: cents, rangeSemitones: 2) }

    /// Moves the wheel, waits for the sound to follow, and measures the held note's last stretch.
    static func bend(_ cents: Double, daemon: DaemonProcess, wav: String, reference: Double) async throws -> Double {
        let bent = try await Eartrainctl.run(["bend", String(wheel(cents))], socket: daemon.socketPath)
        #expect(bent.status == 0 && bent.stdout.hasPrefix("wheel at"), "\(bent)")
        try await Task.sleep(for: .seconds(0.9))
        let listener = try WAVListener(path: wav)
        let end = Double(listener.samples.count) / Double(listener.rate)
        return Self.cents(try pitch(listener, from: end - 0.6, to: end - 0.02, near: reference), above: reference)
    }

    /// Confirms with a key; the judged error, in cents.
    static func confirm(_ daemon: DaemonProcess) async throws -> (cents: Double, correct: Bool) {
        let played = try await Eartrainctl.run(["play", "C4", "--json"], socket: daemon.socketPath)
        let reply = try #require(jsonObject(played.stdout), "\(played)")
        let events = try #require(reply["events"] as? [[String: Any]])
        let judged = try #require(events.first { $0["type"] as? String == "note_judged" }?["details"] as? [String: Any], "\(played.stdout)")
        return (try #require(judged["cents"] as? Double, "\(judged)"), try #require(judged["correct"] as? Bool))
    }

    @Test("the held note's detuning measured, bent into tune (judged 0 c) and then 3 c sharp (judged +3 c ±0.1)",
          arguments: ["sine", "cello"])
    func bendIntoTune(source: String) async throws {
        let folder = try EarListeningTests.folder("match")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (daemon, wav) = try await EarListeningTests.daemon(folder, source: source)
        let started = try await Eartrainctl.run(["start", "match", "--tolerance", "5", "--seed", "4"], socket: daemon.socketPath)
        #expect(started.status == 0, "\(started)")
        try await Task.sleep(for: .seconds(2.6))  // the reference (1 s, 0.25 s gap), then the held note

        let first = try Self.heard(wav, after: 0)
        let detune = Self.cents(first.held, above: first.reference)
        #expect((10...50).contains(abs(detune)), "held \(detune) c off the reference")
        let inTune = try await Self.bend(-detune, daemon: daemon, wav: wav, reference: first.reference)
        #expect(abs(inTune) < 0.1, "\(source): the held note followed the wheel into tune: \(inTune) c")
        let answer = try await Self.confirm(daemon)
        #expect(abs(answer.cents) < 0.1 && answer.correct, "\(source): tuned by ear, judged \(answer)")

        _ = try await Eartrainctl.run(["bend", "0"], socket: daemon.socketPath)  // the wheel springs back
        let answered = Double(try WAVListener(path: wav).samples.count) / 48000
        try await Task.sleep(for: .seconds(6.6))  // the echo (reference, target), the breath, the reference, the held note
        let second = try Self.heard(wav, after: answered)
        let detune2 = Self.cents(second.held, above: second.reference)
        #expect((10...50).contains(abs(detune2)), "held \(detune2) c off the reference")
        let sharp = try await Self.bend(3 - detune2, daemon: daemon, wav: wav, reference: second.reference)
        #expect(abs(sharp - 3) < 0.1, "the held note 3 c sharp: \(sharp) c")
        let offByThree = try await Self.confirm(daemon)
        #expect(abs(offByThree.cents - 3) < 0.1 && offByThree.correct, "judged \(offByThree)")

        let stopped = try await Eartrainctl.run(["stop", "--json"], socket: daemon.socketPath)
        let results = try JSONDecoder().decode(ResultsReport.self, from: Data(stopped.stdout.utf8))
        let mean = try #require(results.meanAbsoluteCents, "\(stopped.stdout)")
        #expect(abs(mean - (abs(answer.cents) + abs(offByThree.cents)) / 2) < 0.01)
    }
}

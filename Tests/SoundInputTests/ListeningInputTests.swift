import Foundation
import SoundInput
import ProcessTestSupport
import Testing

/// The listening input: a WAV stream through the pitch tracker, each note reported as it begins
/// and ends with its onset as an instant on the machine's clock, and the level for a live view.
@Suite("A listening input hears notes in a WAV stream", .cpuHeavy)
struct ListeningInputTests {
    static func run(_ input: ListeningInput) async -> [ListeningInput.Event] {
        await withCheckedContinuation { done in
            Thread {
                var events: [ListeningInput.Event] = []
                input.run { events.append($0) }
                done.resume(returning: events)
            }.start()
        }
    }

    static func cents(_ hertz: Double, from reference: Double) -> Double { 1200 * log2(hertz / reference) }

    @Test("two notes, 220 Hz and 330 Hz 5 c sharp, are heard and end once each, in order, within half a cent; readings come; the end is said")
    func twoNotes() async throws {
        let format = WAVFormat(encoding: .int16, channels: 1, sampleRate: 48_000)
        let second = 330 * exp2(5.0 / 1200)
        let silence = [Float](repeating: 0, count: 14_400)
        let samples = silence + WAVBytes.sine(220, seconds: 0.6, rate: 48_000) + silence
            + WAVBytes.sine(second, seconds: 0.6, rate: 48_000) + silence
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("listen-\(UUID().uuidString.prefix(8)).wav").path
        try Data(WAVBytes.header(format) + WAVBytes.samples(samples, format)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }

        let events = await Self.run(try ListeningInput(path: path, pace: NoPace()))
        #expect(events.first == .started(format.sampleFormat))
        let began = events.compactMap { if case .noteHeard(let hertz, let onset) = $0 { (hertz, onset) } else { nil } }
        let ended = events.compactMap { if case .noteEnded(let hertz, let onset, let seconds) = $0 { (hertz, onset, seconds) } else { nil } }
        #expect(began.count == 2 && ended.count == 2, "\(events.filter { if case .reading = $0 { false } else { true } })")
        guard began.count == 2, ended.count == 2 else { return }
        #expect(abs(Self.cents(began[0].0, from: 220)) < 0.5 && abs(Self.cents(began[1].0, from: second)) < 0.5,
                "heard for judging: \(began.map(\.0)) Hz")
        #expect(abs(Self.cents(ended[0].0, from: 220)) < 1, "\(ended[0].0) Hz")
        #expect(abs(Self.cents(ended[1].0, from: second)) < 1, "\(ended[1].0) Hz")
        #expect(ended.allSatisfy { (0.4...0.7).contains($0.2) }, "\(ended.map(\.2)) s")
        #expect(began[0].1 <= began[1].1)
        let readings = events.compactMap { if case .reading(let level, _) = $0 { level } else { nil } }
        #expect(readings.count >= 10, "a reading a tenth of a second of 2.3 s: \(readings.count)")
        #expect(readings.contains { $0 > -12 } && readings.contains { $0 < -60 }, "loud in the notes, silent between: \(readings)")
        guard case .ended(let reason) = events.last else { Issue.record("no end: \(String(describing: events.last))"); return }
        #expect(!reason.isEmpty)
    }

    @Test("a blip of 60 ms (an attack's octave, a click) is never heard; the note after it is, once")
    func blip() async throws {
        let format = WAVFormat(encoding: .float32, channels: 1, sampleRate: 48_000)
        let samples = [Float](repeating: 0, count: 9600) + WAVBytes.sine(523.25, seconds: 0.06, rate: 48_000)
            + [Float](repeating: 0, count: 9600) + WAVBytes.sine(196, seconds: 0.5, rate: 48_000) + [Float](repeating: 0, count: 9600)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("blip-\(UUID().uuidString.prefix(8)).wav").path
        try Data(WAVBytes.header(format) + WAVBytes.samples(samples, format)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let events = await Self.run(try ListeningInput(path: path, pace: NoPace()))
        let heard = events.compactMap { if case .noteHeard(let hertz, _) = $0 { hertz } else { nil } }
        #expect(heard.count == 1 && abs(Self.cents(heard.first ?? 0, from: 196)) < 1, "\(heard) Hz")
    }

    @Test("a glide into a note that breaks off (130 ms, never settled) before the note proper is no note; the note is heard once")
    func glideThatBreaksOff() async throws {
        // A choir's attack: 142 Hz rising to 147 Hz in 130 ms, 140 ms of breath, then 147 Hz held.
        let rate = 48_000.0
        var phase = 0.0
        let glide = (0..<Int(0.13 * rate)).map { i -> Float in
            phase += 2 * Double.pi * (142 + 5 * Double(i) / (0.13 * rate)) / rate
            return Float(0.3 * sin(phase))
        }
        var noise = SystemRandomNumberGenerator()
        let breath = (0..<Int(0.14 * rate)).map { _ in Float.random(in: -0.3...0.3, using: &noise) }
        let silence = [Float](repeating: 0, count: 9600)
        let samples = silence + glide + breath + WAVBytes.sine(147, seconds: 0.5, rate: 48_000) + silence
        let format = WAVFormat(encoding: .float32, channels: 1, sampleRate: 48_000)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString.prefix(8)).wav").path
        try Data(WAVBytes.header(format) + WAVBytes.samples(samples, format)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let events = await Self.run(try ListeningInput(path: path, pace: NoPace()))
        let heard = events.compactMap { if case .noteHeard(let hertz, _) = $0 { hertz } else { nil } }
        let ended = events.compactMap { if case .noteEnded(_, _, let seconds) = $0 { seconds } else { nil } }
        #expect(heard.count == 1 && abs(Self.cents(heard.first ?? 0, from: 147)) < 1, "\(heard) Hz")
        #expect(ended.count == 1, "only a note heard ends: \(ended) s")
    }

    @Test("a path that is not there ends at once, saying so")
    func missing() async throws {
        let events = await Self.run(try ListeningInput(path: "/nonexistent/listen.wav", pace: NoPace()))
        #expect(events.count == 1)
        guard case .ended(let reason) = events.first else { Issue.record("\(events)"); return }
        #expect(reason.contains("/nonexistent/listen.wav") && reason.contains("cannot be opened"), "\(reason)")
    }

    @Test("samples lost by the source (a capture overrun) are said in their place, between the blocks around them")
    func overrun() async {
        let events = await Self.run(ListeningInput(ScriptedSource(events: [
            .started(SampleFormat(sampleRate: 48_000, channels: 1, encoding: "16-bit")),
            .samples([Float](repeating: 0, count: 4_800)), .overrun, .samples([Float](repeating: 0, count: 4_800)),
            .ended("the stream ended"),
        ])))
        let kept = events.filter { if case .reading = $0 { false } else { true } }
        #expect(kept == [.started(SampleFormat(sampleRate: 48_000, channels: 1, encoding: "16-bit")), .overrun, .ended("the stream ended")])
    }
}

/// A source that hands on the events it was given, at once.
private struct ScriptedSource: SampleSource {
    let events: [SampleEvent]
    var name: String { "scripted" }
    func run(_ handler: (SampleEvent) -> Void) { events.forEach(handler) }
    func stop() {}
}

import Foundation
import ProcessTestSupport
import Testing
import Training

@testable import SoundInput

/// A vibrato note is heard by its centre: a sine fitted once a crest and a trough are heard, or the
/// mean over its last whole cycle; and a crest of one is not taken for a settled note.
@Suite("A swinging pitch is heard by its centre within a cycle", .cpuHeavy)
struct SwingCentreTests {
    static let framePeriod = 0.005

    static func vibrato(rate: Double, width: Double, phase: Double, seconds: Double, centre: Double = 10) -> [Double] {
        (0..<Int(seconds / framePeriod)).map { centre + width * sin(2 * .pi * rate * Double($0) * framePeriod + phase) }
    }

    /// The first prefix that has a centre, as the frames come in.
    static func firstCentre(_ frames: [Double]) -> (count: Int, centre: Double)? {
        for count in 1...frames.count {
            if let centre = SwingCentre.centre(of: Array(frames.prefix(count)), framePeriod: framePeriod) { return (count, centre) }
        }
        return nil
    }

    /// Every prefix's centre, as the frames come in.
    static func centres(_ frames: [Double]) -> [(count: Int, centre: Double)] {
        (1...frames.count).compactMap { count in
            SwingCentre.centre(of: Array(frames.prefix(count)), framePeriod: framePeriod).map { (count, $0) }
        }
    }

    @Test("a ±40 c vibrato of any phase at 4–7 Hz: nothing before half a cycle, then within 1 c of its centre by 1.15 cycles",
          arguments: [4.0, 4.63, 5.5, 6.27, 7.0])
    func vibrato(rate: Double) throws {
        for phase in stride(from: 0.0, to: 2 * .pi, by: .pi / 6) {
            let centres = Self.centres(Self.vibrato(rate: rate, width: 40, phase: phase, seconds: 1.5 / rate))
            for (count, centre) in centres { #expect(abs(centre - 10) <= 1, "phase \(phase), \(count) frames: \(centre)") }
            let heardAfter = Double(try #require(centres.first).count) * Self.framePeriod
            #expect(heardAfter >= 0.5 / rate && heardAfter <= 1.15 / rate, "phase \(phase): \(heardAfter) s")
        }
    }

    @Test("a ±15 c vibrato at 5.2 Hz under ±2 c of jitter, 400 notes in 8 phases: each heard within 1.5 c of its centre")
    func narrowAndRough() {
        var jitter = SeededRandom(seed: 35)
        var worst = 0.0
        for _ in 0..<50 {
            for phase in stride(from: 0.0, to: 2 * .pi, by: .pi / 4) {
                let frames = Self.vibrato(rate: 5.2, width: 15, phase: phase, seconds: 0.5).map { $0 + Double.random(in: -2...2, using: &jitter) }
                let first = Self.firstCentre(frames)
                #expect(first != nil, "phase \(phase): never heard")
                worst = max(worst, abs((first?.centre ?? .infinity) - 10))
            }
        }
        // Fitted from the first turn on (half a cycle), the worst was 7.3 c off.
        #expect(worst <= 1.5, "\(worst) c")
    }

    @Test("a steady note, a choir's 14 Hz wobble, a 2 Hz drift, a scoop into a held note and a glide are no vibrato")
    func notVibrato() {
        let steady = (0..<120).map { Double($0 % 5) - 2 }
        let wobble = Self.vibrato(rate: 14, width: 20, phase: 0, seconds: 0.6)
        let drift = Self.vibrato(rate: 2, width: 30, phase: 0, seconds: 1.2)
        let scoop = (0..<120).map { $0 < 30 ? -60 + 2 * Double($0) : 0 }
        let settling = (0..<120).map { -80 * exp(-Double($0) * Self.framePeriod / 0.05) }
        let glide = (0..<120).map { Double($0) }
        for (name, frames) in [("steady", steady), ("wobble", wobble), ("drift", drift), ("scoop", scoop), ("settling", settling), ("glide", glide)] {
            let centres = Self.centres(frames)
            #expect(centres.isEmpty, "\(name): \(centres.prefix(3))")
        }
    }

    @Test("a crest or a trough of a vibrato turns; a held note, a jittery one and an attack settling into its pitch do not")
    func crests() {
        let settle = ListeningInput.settleFrames
        for rate in [4.5, 5.5, 6.5] {
            for width in [20.0, 30.0] {
                let crest = Self.vibrato(rate: rate, width: width, phase: .pi / 2 - 2 * .pi * rate * Double(settle / 2) * Self.framePeriod, seconds: 0.2)
                #expect(SwingCentre.turns(crest.prefix(settle)), "crest, \(rate) Hz, ±\(width) c")
                #expect(SwingCentre.turns(crest.prefix(settle).map { -$0 }), "trough, \(rate) Hz, ±\(width) c")
            }
        }
        let held = [Double](repeating: 3, count: settle)
        let jitter = (0..<settle).map { Double($0 % 3) * 3 - 3 }
        let settling = (0..<settle).map { -12 * exp(-Double($0) / 8) }
        for (name, window) in [("held", held), ("jitter", jitter), ("settling", settling)] {
            #expect(!SwingCentre.turns(window), "\(name)")
        }
    }

    /// What a listening input hears of a note `width` cents each way about 7 c above A3, at
    /// `rate` a second, starting at `phase`: the pitch heard, in cents off its centre, and how long
    /// after its onset.
    static func heard(width: Double, rate: Double, phase: Double) async throws -> [(cents: Double, waited: Duration)] {
        let sampleRate = 48_000.0
        let centre = 220 * exp2(7.0 / 1200)
        var angle = 0.0
        let note = (0..<Int(1.2 * sampleRate)).map { i -> Float in
            angle += 2 * Double.pi * centre * exp2(width * sin(2 * .pi * rate * Double(i) / sampleRate + phase) / 1200) / sampleRate
            return Float(0.4 * sin(angle) + 0.1 * sin(2 * angle))
        }
        let silence = [Float](repeating: 0, count: 9600)
        let format = WAVFormat(encoding: .float32, channels: 1, sampleRate: 48_000)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vibrato-\(UUID().uuidString.prefix(8)).wav").path
        try Data(WAVBytes.header(format) + WAVBytes.samples(silence + note + silence, format)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let input = try ListeningInput(path: path, pace: NoPace())
        return await withCheckedContinuation { done in
            Thread {
                var heard: [(Double, Duration)] = []
                input.run { event in
                    if case .noteHeard(let hertz, let onset) = event { heard.append((1200 * log2(hertz / centre), onset.duration(to: .now))) }
                }
                done.resume(returning: heard)
            }.start()
        }
    }

    @Test("a note sung with a ±40 c vibrato at 5 Hz, in any phase, is heard within 3 c of its centre, within 0.24 s of its onset at the median and 0.28 s at most")
    func heardSoon() async throws {
        var waits: [Duration] = []
        for phase in stride(from: 0.0, to: 2 * .pi, by: .pi / 4) {
            let heard = try await Self.heard(width: 40, rate: 5, phase: phase)
            try #require(heard.count == 1, "phase \(phase): \(heard)")
            #expect(abs(heard[0].cents) <= 3, "phase \(phase): \(heard[0].cents) c")
            waits.append(heard[0].waited)
        }
        waits.sort()
        #expect(waits[waits.count / 2] <= .milliseconds(240), "\(waits)")
        #expect(waits.last! <= .milliseconds(280), "\(waits)")
    }

    @Test("a narrow ±20 c vibrato at 4.5 Hz is heard by its centre, not by the crest it begins on", arguments: [0.0, 1.5, 3.0, 4.5])
    func narrowFromACrest(phase: Double) async throws {
        let heard = try await Self.heard(width: 20, rate: 4.5, phase: phase)
        try #require(heard.count == 1, "\(heard)")
        #expect(abs(heard[0].cents) <= 4, "\(heard[0].cents) c")
    }
}

import Foundation
import ProcessTestSupport
import Testing

@testable import SoundInput

/// A vibrato note is heard by the mean over its last whole cycle, once one has come.
@Suite("A swinging pitch is heard by its centre after one whole cycle", .cpuHeavy)
struct SwingCentreTests {
    static let framePeriod = 0.005

    static func vibrato(rate: Double, width: Double, phase: Double, seconds: Double, centre: Double = 10) -> [Double] {
        (0..<Int(seconds / framePeriod)).map { centre + width * sin(2 * .pi * rate * Double($0) * framePeriod + phase) }
    }

    @Test("a ±40 c vibrato of any phase at 4–7 Hz: nothing before one cycle, then within 1 c of its centre", arguments: [4.0, 5.5, 7.0])
    func vibrato(rate: Double) throws {
        for phase in stride(from: 0.0, to: 2 * .pi, by: .pi / 6) {
            let frames = Self.vibrato(rate: rate, width: 40, phase: phase, seconds: 2.5 / rate)
            var first: Int?
            for count in 1...frames.count {
                guard let centre = SwingCentre.centre(of: Array(frames.prefix(count)), framePeriod: Self.framePeriod) else { continue }
                first = first ?? count
                #expect(abs(centre - 10) <= 1, "phase \(phase), \(count) frames: \(centre)")
            }
            let heardAfter = Double(try #require(first)) * Self.framePeriod
            #expect(heardAfter >= 1 / rate && heardAfter <= 1.5 / rate + 0.02, "phase \(phase): \(heardAfter) s")
        }
    }

    @Test("a steady note, a choir's 14 Hz wobble, a 2 Hz drift and a scoop into a held note are no vibrato")
    func notVibrato() {
        let steady = (0..<120).map { Double($0 % 5) - 2 }
        let wobble = Self.vibrato(rate: 14, width: 20, phase: 0, seconds: 0.6)
        let drift = Self.vibrato(rate: 2, width: 30, phase: 0, seconds: 1.2)
        let scoop = (0..<120).map { $0 < 30 ? -60 + 2 * Double($0) : 0 }
        for (name, frames) in [("steady", steady), ("wobble", wobble), ("drift", drift), ("scoop", scoop)] {
            #expect(SwingCentre.centre(of: frames, framePeriod: Self.framePeriod) == nil, "\(name)")
        }
    }

    @Test("a note sung with a ±40 c vibrato at 5 Hz is heard within 0.3 s of its onset, within 3 c of its centre")
    func heardSoon() async throws {
        let rate = 48_000.0
        let centre = 220 * exp2(7.0 / 1200)
        var phase = 0.0
        let note = (0..<Int(1.2 * rate)).map { i -> Float in
            phase += 2 * Double.pi * centre * exp2(40 * sin(2 * .pi * 5 * Double(i) / rate + 1) / 1200) / rate
            return Float(0.4 * sin(phase) + 0.1 * sin(2 * phase))
        }
        let silence = [Float](repeating: 0, count: 9600)
        let format = WAVFormat(encoding: .float32, channels: 1, sampleRate: 48_000)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vibrato-\(UUID().uuidString.prefix(8)).wav").path
        try Data(WAVBytes.header(format) + WAVBytes.samples(silence + note + silence, format)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let input = try ListeningInput(path: path, pace: NoPace())
        let heard: [(hertz: Double, waited: Duration)] = await withCheckedContinuation { done in
            Thread {
                var heard: [(Double, Duration)] = []
                input.run { event in
                    if case .noteHeard(let hertz, let onset) = event { heard.append((hertz, onset.duration(to: .now))) }
                }
                done.resume(returning: heard)
            }.start()
        }
        try #require(heard.count == 1, "\(heard)")
        #expect(abs(1200 * log2(heard[0].hertz / centre)) <= 3, "\(heard[0].hertz) Hz")
        #expect(heard[0].waited <= .milliseconds(300), "\(heard[0].waited)")
    }
}

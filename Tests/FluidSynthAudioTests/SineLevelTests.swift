import Foundation
import ProcessTestSupport
import Testing
import Training
import MusicTheory
@testable import FluidSynthAudio

/// Switching the sound source changes the timbre, not the level: a sine note measures within
/// 1 LU (ITU-R BS.1770) of the cello's note on the same key, at every velocity. Each note is
/// rendered alone, release included.
@Suite(.cpuHeavy) struct SineLevelTests {
    static let rate = Support.sampleRate

    /// Integrated loudness of one 1 s note at `velocity`, rendered with 1 s after it; then silence.
    static func loudness(_ renderer: ToneRenderer, key: Int, velocity: Int, source: SoundSource) throws -> Double {
        let tone = Tone(frequency: Frequency(MIDINote(key)), velocity: velocity, source: source, startFrame: 0,
                        frameCount: Int(rate))
        let (left, right) = renderer.renderOffline([tone], frames: Int(2 * rate))
        renderer.stop()
        _ = renderer.renderOffline([], frames: 2048)
        return try #require(LoudnessMeter(sampleRate: rate).integrated([left, right]))
    }

    @Test("every other key C2–C6 at velocity 100: sine and cello within 1 LU")
    func everyKey() throws {
        let (renderer, _) = Support.renderer(keys: 36...84)
        try #require(renderer.hasCello, "no SoundFont cello to test with")
        var report: [String] = []
        for key in stride(from: 36, through: 84, by: 2) {
            let cello = try Self.loudness(renderer, key: key, velocity: 100, source: .cello)
            let sine = try Self.loudness(renderer, key: key, velocity: 100, source: .sine)
            #expect(abs(sine - cello) <= 1, "\(MIDINote(key)): cello \(cello) LUFS, sine \(sine) LUFS")
            report.append(String(format: "%@ %+.2f", "\(MIDINote(key))", sine - cello))
        }
        print("sine − cello, LU: \(report.joined(separator: ", "))")
    }

    @Test("A3 at velocities 20–127: sine and cello within 1 LU", arguments: [20, 40, 64, 90, 127])
    func velocities(velocity: Int) throws {
        let (renderer, _) = Support.renderer(keys: 57...57)
        try #require(renderer.hasCello, "no SoundFont cello to test with")
        let cello = try Self.loudness(renderer, key: 57, velocity: velocity, source: .cello)
        let sine = try Self.loudness(renderer, key: 57, velocity: velocity, source: .sine)
        #expect(abs(sine - cello) <= 1, "velocity \(velocity): cello \(cello) LUFS, sine \(sine) LUFS")
    }

    @Test("with no SoundFont a sine takes the reference loudness")
    func sineOnly() throws {
        let renderer = ToneRenderer(cello: nil, tuner: nil, sampleRate: Self.rate, stopFrames: 128)
        let tone = Tone(frequency: Frequency(MIDINote(57)), velocity: CelloTuner.velocity, source: .sine, startFrame: 0,
                        frameCount: Int(Self.rate))
        // The note alone, as the cello's loudness is measured: no silence after it in the blocks.
        let (left, right) = renderer.renderOffline([tone], frames: Int(Self.rate))
        let sine = try #require(LoudnessMeter(sampleRate: Self.rate).integrated([left, right]))
        #expect(abs(sine - SineLevel.referenceLoudness) < 0.1, "\(sine) LUFS")
    }
}

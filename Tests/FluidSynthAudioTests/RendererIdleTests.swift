import Foundation
import ProcessTestSupport
import Testing
import MusicTheory
@testable import FluidSynthAudio
import Training

/// The idle state (`ToneRenderer+Idle.swift`), driven period by period as the audio driver does;
/// the renderer's frame count is the clock.
@Suite(.cpuHeavy) struct RendererIdleTests {
    static let period = 128

    /// Renders `periods` periods; returns the left channel.
    static func run(_ renderer: ToneRenderer, periods: Int) -> [Float] {
        var left = [Float](repeating: 0, count: periods * period)
        var right = left
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in
                for index in 0..<periods {
                    renderer.render(frames: period, left: l.baseAddress! + index * period, right: r.baseAddress! + index * period)
                }
            }
        }
        return left
    }

    @Test("After the quiet spell FluidSynth renders nothing; a note ends it in the very period it is due, sample for sample as a renderer that never idles")
    func idleThenResume() throws {
        var configuration = Support.configuration(noteDuration: 0.25)
        configuration.idleAfter = 0.5
        let (renderer, _) = Support.renderer(configuration, keys: 57...57)
        configuration.idleAfter = 3600
        let (awake, _) = Support.renderer(configuration, keys: 57...57)
        let tone = Tone(frequency: Frequency(MIDINote(57)), velocity: 100, source: .cello, startFrame: 0, frameCount: 12000)
        for each in [renderer, awake] { each.play([tone]) }
        // The note (0.25 s), its release, then half a second of quiet: idle within 3 s.
        var periods = 0
        var heard: [Float] = []
        var reference: [Float] = []
        while !renderer.isIdle && periods < 1200 {
            heard += Self.run(renderer, periods: 1)
            reference += Self.run(awake, periods: 1)
            periods += 1
        }
        #expect(renderer.isIdle)
        let idleAt = renderer.synthFrames
        heard += Self.run(renderer, periods: 400)
        reference += Self.run(awake, periods: 400)
        #expect(renderer.synthFrames == idleAt)
        #expect(heard.suffix(400 * Self.period).allSatisfy { $0 == 0 })

        for each in [renderer, awake] { each.play([tone]) }
        let again = Self.run(renderer, periods: 40)
        #expect(!renderer.isIdle)
        #expect(renderer.synthFrames == idleAt + 40 * Self.period)
        // The resumed note starts in the first period rendered after it was played, where the
        // first note did, and every sample equals the never-idle renderer's.
        let onset = try #require(heard.firstIndex { $0 != 0 })
        #expect(onset < Self.period)
        #expect(again.firstIndex { $0 != 0 } == onset)
        heard += again
        reference += Self.run(awake, periods: 40)
        #expect(heard == reference)
    }

    @Test("A sounding note, a sine or a stop's fade keeps it awake however long")
    func staysAwakeWhileSounding() {
        var configuration = Support.configuration(noteDuration: 0.25)
        configuration.idleAfter = 0.1
        let (renderer, _) = Support.renderer(configuration, keys: 57...57)
        renderer.play([Tone(frequency: Frequency(hertz: 330), velocity: 100, source: .sine, startFrame: 0, frameCount: 48000)])
        _ = Self.run(renderer, periods: 350)
        #expect(!renderer.isIdle)
        #expect(renderer.synthFrames == 350 * Self.period)
    }
}

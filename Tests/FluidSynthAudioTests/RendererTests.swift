import Foundation
import ProcessTestSupport
import Testing
import Training
import MusicTheory
@testable import FluidSynthAudio

@Suite(.cpuHeavy) struct RendererTests {
    @Test("Stop fades everything out within one period, with no click, and the renderer plays again afterwards",
          arguments: [SoundSource.cello, .sine])
    func cleanStop(source: SoundSource) throws {
        let (renderer, _) = Support.renderer(keys: 57...57)
        let frequency = Frequency(MIDINote(57))
        let tone = Tone(frequency: frequency, velocity: 127, source: source, startFrame: 0, frameCount: 96000)
        let (before, _) = renderer.renderOffline([tone], frames: 24000)
        renderer.stop()
        let (after, _) = renderer.renderOffline([], frames: 4800)
        let period = renderer.stopFrames
        #expect(period <= Int(0.010 * Support.sampleRate))
        // Silent from one period after the stop on.
        #expect(after[period...].allSatisfy { $0 == 0 })
        // The fade's steps are no bigger than the note's own: a release, not a click.
        let steadySteps = zip(before.dropFirst(12000), before.dropFirst(12001)).map { abs($1 - $0) }.max()!
        let fadeSteps = zip([before.last!] + after[..<period], after[..<period]).map { abs($1 - $0) }.max()!
        #expect(fadeSteps <= steadySteps * 1.5)
        #expect(before.suffix(100).map { abs($0) }.max()! > 0.01)
        // And the next prompt sounds.
        let again = Support.centsOff(renderer, frequency, source: source)
        #expect(abs(again) <= 0.5)
    }

    @Test("An interval prompt: the root, then the target after the gap; a scale: one note per step")
    func promptTiming() {
        var random = SeededRandom(seed: 7)
        let style = PromptStyle(noteDuration: 0.5, gap: 0.25, source: .sine)
        let tones = PromptTones.interval(root: Frequency(hertz: 110), target: Frequency(hertz: 165), style: style,
                                    sampleRate: 48000, random: &random)
        #expect(tones.map(\.startFrame) == [0, 36000])
        #expect(tones.map(\.frameCount) == [24000, 24000])
        let scale = PromptTones.sequence((0..<8).map { Frequency(hertz: 100 + Double($0)) }, style: style, sampleRate: 48000, random: &random)
        #expect(scale.map(\.startFrame) == (0..<8).map { $0 * 36000 })
    }

    @Test("A sine-only renderer sounds cello tones as exact sines")
    func sineOnly() {
        let renderer = ToneRenderer(cello: nil, tuner: nil, sampleRate: Support.sampleRate, stopFrames: 128)
        #expect(!renderer.hasCello)
        #expect(abs(Support.centsOff(renderer, Frequency(hertz: 196.5), source: .cello)) < 0.1)
    }
}

import ProcessTestSupport
import Testing
import Training
import MusicTheory
@testable import FluidSynthAudio

/// The student's keys follow the keyboard: a key sounds while held, well past the note duration,
/// and dies away after its note-off; the sustain pedal holds released keys until it is lifted and
/// leaves timed tones (prompts) alone. Rendered offline, measured as the level of spans of the output.
@Suite(.cpuHeavy) struct HeldKeyTests {
    static let key = MIDINote(57)
    /// The note duration a timed key would have had.
    static let noteDuration = 0.5

    /// The RMS level of `samples` from `start` to `end` seconds.
    static func level(_ samples: [Float], _ start: Double, _ end: Double) -> Double {
        let span = samples[Int(start * Support.sampleRate)..<Int(end * Support.sampleRate)]
        return (span.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(span.count)).squareRoot()
    }

    static func renderer(_ source: SoundSource) throws -> ToneRenderer {
        let (renderer, _) = Support.renderer(keys: 57...57)
        if source == .cello { try #require(renderer.hasCello, "no SoundFont cello to test with") }
        return renderer
    }

    static func tone(_ source: SoundSource) -> Tone {
        Tone(frequency: Frequency(key), velocity: 100, source: source, startFrame: 0,
             frameCount: Int(noteDuration * Support.sampleRate))
    }

    static func seconds(_ renderer: ToneRenderer, _ seconds: Double) -> [Float] {
        renderer.renderOffline([], frames: Int(seconds * Support.sampleRate)).left
    }

    @Test("a held key sounds past the note duration and dies away after its note-off", arguments: [SoundSource.cello, .sine])
    func heldKey(source: SoundSource) throws {
        let renderer = try Self.renderer(source)
        renderer.press(Self.key, Self.tone(source))
        let held = Self.seconds(renderer, 2)
        renderer.release(Self.key)
        let after = Self.seconds(renderer, 2)
        let steady = Self.level(held, 0.2, 0.4)
        #expect(steady > 0.01)
        // Four times the note duration later, still sounding.
        #expect(Self.level(held, 1.6, 2.0) > steady * 0.2, "held: \(Self.level(held, 1.6, 2.0)) of \(steady)")
        // Released, not cut: the first moments after the note-off still sound, then it is gone.
        #expect(Self.level(after, 0, 0.004) > steady * 0.2, "release: \(Self.level(after, 0, 0.004)) of \(steady)")
        #expect(Self.level(after, 1.5, 2.0) < steady * 0.01, "after: \(Self.level(after, 1.5, 2.0)) of \(steady)")
    }

    @Test("with the pedal down a released key sounds on until the pedal lifts; a timed tone is not held",
          arguments: [SoundSource.cello, .sine])
    func pedalHolds(source: SoundSource) throws {
        let renderer = try Self.renderer(source)
        renderer.press(Self.key, Self.tone(source))
        let pressed = Self.seconds(renderer, 0.5)
        renderer.sustain(true)
        renderer.release(Self.key)
        let sustained = Self.seconds(renderer, 2)
        renderer.sustain(false)
        let lifted = Self.seconds(renderer, 2)
        let steady = Self.level(pressed, 0.2, 0.4)
        #expect(Self.level(sustained, 1.6, 2.0) > steady * 0.2, "sustained: \(Self.level(sustained, 1.6, 2.0)) of \(steady)")
        #expect(Self.level(lifted, 1.5, 2.0) < steady * 0.01, "lifted: \(Self.level(lifted, 1.5, 2.0)) of \(steady)")

        // A prompt's tone keeps its duration under the pedal.
        renderer.sustain(true)
        let prompt = renderer.renderOffline([Self.tone(source)], frames: Int(2.5 * Support.sampleRate)).left
        renderer.sustain(false)
        #expect(Self.level(prompt, 0.2, 0.4) > 0.01)
        #expect(Self.level(prompt, 2.0, 2.5) < Self.level(prompt, 0.2, 0.4) * 0.01)
    }
}

import Foundation
import ProcessTestSupport
import Testing
import Training
import MusicTheory
@testable import FluidSynthAudio

/// No sample at full scale, whatever an exercise sounds and whatever the student holds on top,
/// with either source; and the sine as loud as the cello. Every kind's prompts and reveals
/// (`ExerciseSounds`) are rendered offline and listened to: the peak, the samples at full scale,
/// the integrated loudness (ITU-R BS.1770). Where a prompt sounds a chord, it is rendered again
/// with the student holding a four-note chord at velocity 127 from the moment the chord starts:
/// the chord's own notes (in phase with the prompt's, the worst case for sines), a fourth note
/// an octave above the root when the chord has three.
@Suite(.cpuHeavy) struct HeadroomTests {
    static let rate = Support.sampleRate
    static let style = PromptStyle(noteDuration: 1, gap: 0.25)

    /// What one render came to.
    struct Heard {
        var peak: Float = 0
        var fullScale = 0
        var loudness: Double?
        var limitedFrames = 0
        var softClipped = 0
    }

    static func tones(_ phrases: [SoundPhrase], source: SoundSource) -> [Tone] {
        var random = SeededRandom(seed: 1)
        var style = style
        style.source = source
        let tuned = phrases.map { (frequencies: $0.notes.map { Frequency($0) }, together: $0.together) }
        return PromptTones.phrases(tuned, style: style, sampleRate: rate, random: &random)
    }

    /// The first chord of three or more notes, and the frame it starts at.
    static func chord(in phrases: [SoundPhrase], tones: [Tone]) -> (notes: [MIDINote], start: Int)? {
        var index = 0
        for phrase in phrases {
            if phrase.together, phrase.notes.count >= 3 { return (phrase.notes, tones[index].startFrame) }
            index += phrase.notes.count
        }
        return nil
    }

    /// Renders `tones` (and the held chord) with a second after the last, then silences the renderer.
    static func render(_ renderer: ToneRenderer, _ tones: [Tone], holding held: (notes: [MIDINote], start: Int)?,
                       source: SoundSource) -> Heard {
        let before = renderer.state.withLock { $0.limiter }
        let total = ToneRenderer.length(of: tones, tail: Int(rate))
        var left: [Float] = [], right: [Float] = []
        func take(_ part: (left: [Float], right: [Float])) { left += part.left; right += part.right }
        if let held {
            let start = ToneRenderer.nextBoundary(held.start)
            take(renderer.renderOffline(tones, frames: start))
            var keys = held.notes
            if keys.count < 4 { keys.append(MIDINote(keys[0].rawValue + 12)) }
            for key in keys {
                renderer.press(key, Tone(frequency: Frequency(key), velocity: 127, source: source, startFrame: 0, frameCount: 1))
            }
            take(renderer.renderOffline([], frames: start + Int(rate) - start))
            for key in keys { renderer.release(key) }
            take(renderer.renderOffline([], frames: max(0, total - start - Int(rate)) + Int(rate)))
        } else {
            take(renderer.renderOffline(tones, frames: total))
        }
        let after = renderer.state.withLock { $0.limiter }
        renderer.stop()
        _ = renderer.renderOffline([], frames: 2048)
        var heard = Heard()
        for sample in left + right {
            heard.peak = max(heard.peak, abs(sample))
            if abs(sample) >= 1 { heard.fullScale += 1 }
        }
        heard.loudness = LoudnessMeter(sampleRate: rate).integrated([left, right])
        heard.limitedFrames = after.limitedFrames - before.limitedFrames
        heard.softClipped = after.clippedSamples - before.clippedSamples
        return heard
    }

    /// The loudest render of one sort so far.
    struct Worst {
        let peak: Float
        let what: String
    }

    static func dBFS(_ peak: Float) -> String { String(format: "%.2f dBFS", 20 * log10(Double(peak))) }

    @Test("every kind's sounds, alone and under a held chord: no sample at full scale; sine and cello within 1 LU")
    func sweep() throws {
        let (renderer, _) = Support.renderer()
        try #require(renderer.hasCello, "no SoundFont cello to test with")
        let sounds = ExerciseSounds.all()
        #expect(Set(sounds.map(\.kind)) == Set(ExerciseCatalog.all.map { $0.kind }), "every kind sounds something")
        #expect(sounds.contains { $0.phrases.contains { $0.together && $0.notes.count == 4 } }, "four-note chords")
        var worst: [String: Worst] = [:]
        var limited = 0, differences: [Double] = []
        for sound in sounds {
            var loudness: [SoundSource: Double] = [:]
            for source in [SoundSource.cello, .sine] {
                let tones = Self.tones(sound.phrases, source: source)
                let chord = Self.chord(in: sound.phrases, tones: tones)
                let alone = Self.render(renderer, tones, holding: nil, source: source)
                loudness[source] = alone.loudness
                var renders = [("", alone)]
                if let chord { renders.append((" + held chord", Self.render(renderer, tones, holding: chord, source: source))) }
                for (held, heard) in renders {
                    let what = "\(source) \(sound.kind) \(sound.phrases.map { $0.notes.map(\.description) })\(held)"
                    #expect(heard.fullScale == 0, "\(what): \(heard.fullScale) samples at full scale")
                    #expect(heard.peak <= PeakLimiter.limit, "\(what): peak \(Self.dBFS(heard.peak))")
                    #expect(heard.softClipped == 0, "\(what): \(heard.softClipped) samples soft-clipped")
                    limited += heard.limitedFrames
                    let label = "\(source)\(held)"
                    if heard.peak > worst[label]?.peak ?? 0 { worst[label] = Worst(peak: heard.peak, what: what) }
                }
            }
            let cello = try #require(loudness[.cello]), sine = try #require(loudness[.sine])
            #expect(abs(sine - cello) <= 1, "\(sound.kind) \(sound.phrases): cello \(cello) LUFS, sine \(sine) LUFS")
            differences.append(sine - cello)
        }
        for (label, found) in worst.sorted(by: { $0.key < $1.key }) {
            print("headroom \(label): worst peak \(Self.dBFS(found.peak)) (\(found.what))")
        }
        let limiter = renderer.state.withLock { $0.limiter }
        print(String(format: "headroom: %d sounds, sine − cello %+.2f … %+.2f LU; into the limiter at most %@, limited for %.1f s, by %.2f dB at most",
                     sounds.count, differences.min() ?? 0, differences.max() ?? 0, Self.dBFS(limiter.highestInput),
                     Double(limited) / Self.rate, -20 * log10(Double(limiter.lowestGain))))
    }
}

/// Beyond any exercise: ten keys struck at velocity 127 (both hands, the pedal down) while a
/// four-note chord sounds. The limiter keeps it under full scale.
@Suite(.cpuHeavy) struct HeadroomBeyondTests {
    @Test("ten keys at velocity 127 over a four-note prompt chord: no sample at full scale", arguments: [SoundSource.cello, .sine])
    func tenKeys(source: SoundSource) throws {
        let (renderer, _) = Support.renderer(keys: 36...72)
        if source == .cello { try #require(renderer.hasCello, "no SoundFont cello to test with") }
        let chord = [MIDINote(48), MIDINote(52), MIDINote(55), MIDINote(58)]
        let tones = HeadroomTests.tones([SoundPhrase(chord, together: true)], source: source)
        let keys = [48, 52, 55, 58, 60, 64, 67, 70, 72, 36].map { MIDINote($0) }
        let heard = HeadroomTests.render(renderer, tones, holding: (keys, 0), source: source)
        let limiter = renderer.state.withLock { $0.limiter }
        #expect(heard.fullScale == 0)
        #expect(heard.peak <= PeakLimiter.limit)
        print(String(format: "headroom, ten keys on a chord, %@: into the limiter %@, out %@, down by %.2f dB at most, %d samples soft-clipped",
                     "\(source)", HeadroomTests.dBFS(limiter.highestInput), HeadroomTests.dBFS(heard.peak),
                     -20 * log10(Double(limiter.lowestGain)), heard.softClipped))
    }

    @Test("a feedback word at full volume over a prompt chord and the student's chord: no sample at full scale")
    func cueOverChord() throws {
        let (renderer, _) = Support.renderer(keys: 48...72)
        try #require(renderer.hasCello, "no SoundFont cello to test with")
        let chord = [48, 52, 55, 58].map { MIDINote($0) }
        renderer.play(HeadroomTests.tones([SoundPhrase(chord, together: true)], source: .cello))
        for key in chord {
            renderer.press(key, Tone(frequency: Frequency(key), velocity: 127, source: .cello, startFrame: 0, frameCount: 1))
        }
        // A stand-in for a word at volume 1: 0.5 s peaking at −0.5 dBFS (the lane ducks it under the notes).
        renderer.cue((0..<24_000).map { Float(0.944 * sin(2 * Double.pi * 330 * Double($0) / HeadroomTests.rate)) })
        let (left, right) = renderer.renderOffline([], frames: Int(2 * HeadroomTests.rate))
        let peak = (left + right).map(abs).max() ?? 0
        #expect(peak <= PeakLimiter.limit, "peak \(HeadroomTests.dBFS(peak))")
        #expect(renderer.state.withLock { $0.limiter.clippedSamples } == 0)
    }
}

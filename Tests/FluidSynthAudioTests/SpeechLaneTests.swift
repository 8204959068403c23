import Foundation
import MusicTheory
import ProcessTestSupport
import Testing
@testable import FluidSynthAudio

/// The voice's lane: a sentence heard whole and once; a note ducks it with a ramp instead of
/// cutting it; a stop fades it out.
@Suite(.cpuHeavy) struct SpeechLaneTests {
    static let block = 64

    static func clip(_ count: Int, _ value: Float = 0.5) -> [Float] { [Float](repeating: value, count: count) }

    /// Runs the lane block by block; `sounding(frame)` says whether a note sounds in the block
    /// starting there. Returns the speech written.
    static func run(_ lane: inout SpeechLane, frames: Int, sounding: (Int) -> Bool = { _ in false }) -> [Float] {
        var out: [Float] = []
        for clock in stride(from: 0, to: frames, by: block) {
            var mono = [Float](repeating: 0, count: block)
            lane.mix(into: &mono, noteSounding: sounding(clock))
            out += mono
        }
        return out
    }

    @Test("a sentence is heard whole, at once, and ends")
    func whole() {
        var lane = SpeechLane(rampFrames: 96)
        lane.start(Self.clip(1000), sentence: true)
        #expect(lane.isSpeakingSentence)
        let out = Self.run(&lane, frames: 2048)
        #expect(out.prefix(1000).allSatisfy { $0 == 0.5 } && out.dropFirst(1000).allSatisfy { $0 == 0 })
        #expect(!lane.isSpeaking)
    }

    @Test("a note ducks the voice with a ramp, never a step, and it comes back up after; nothing is cut or restarted")
    func ducks() {
        var lane = SpeechLane(rampFrames: 96)
        lane.start(Self.clip(4000), sentence: true)
        let out = Self.run(&lane, frames: 4096) { (1024..<2048).contains($0) }
        let steps = zip(out.prefix(4000), out.prefix(4000).dropFirst()).map { abs($0 - $1) }
        #expect((steps.max() ?? 1) <= 0.5 * (1 - SpeechLane.duckGain) / 96 + 1e-6, "no step bigger than the ramp's")
        #expect(abs(out[1800] - 0.5 * SpeechLane.duckGain) < 1e-6, "ducked under the note")
        #expect(abs(out[3000] - 0.5) < 1e-6, "back up after it")
        #expect(out.prefix(4000).allSatisfy { $0 > 0 }, "never cut")
    }

    @Test("a cue is no sentence: the timeline waits for sentences only")
    func cueBeside() {
        var lane = SpeechLane(rampFrames: 96)
        lane.start(Self.clip(500, 0.25), sentence: false)
        #expect(lane.isSpeaking && !lane.isSpeakingSentence)
        let out = Self.run(&lane, frames: 640)
        #expect(abs(out[100] - 0.25) < 1e-6 && out[500...].allSatisfy { $0 == 0 })
    }

    @Test("a cue said during a sentence replaces it: the sentence fades out over the ramp, the cue is heard alone")
    func cueReplacesSentence() {
        var lane = SpeechLane(rampFrames: 96)
        lane.start(Self.clip(4000, 0.5), sentence: true)
        let before = Self.run(&lane, frames: 256)
        #expect(before.allSatisfy { $0 == 0.5 })
        lane.start(Self.clip(1000, 0.25), sentence: false)
        let out = Self.run(&lane, frames: 1280)
        let steps = zip(out.prefix(96), out.prefix(96).dropFirst()).map { abs($0 - $1) }
        #expect(abs(out[0] - 0.75) < 1e-6 && (steps.max() ?? 1) <= 0.5 / 96 + 1e-6, "the sentence ramps down, no step")
        #expect(out[96..<1000].allSatisfy { abs($0 - 0.25) < 1e-6 }, "then the cue alone, at its level")
        #expect(out[1000...].allSatisfy { $0 == 0 } && !lane.isSpeaking, "the sentence is not resumed")
    }

    @Test("a stop fades the voice out over its frames, then forgets every clip")
    func fades() {
        var lane = SpeechLane(rampFrames: 96)
        lane.start(Self.clip(10_000), sentence: true)
        _ = Self.run(&lane, frames: 640)
        lane.fadeOut(over: 256)
        let out = Self.run(&lane, frames: 640)
        #expect(out[0] > 0.45 && out[128] < out[0] && out[255] < 0.01 && out[256...].allSatisfy { $0 == 0 })
        #expect(!lane.isSpeaking)
        lane.start(Self.clip(100), sentence: true)
        #expect(lane.isSpeaking, "a new clip after the fade is heard")
    }
}

/// The question's timeline in the renderer: steps one after another; a stop empties it.
@Suite(.cpuHeavy) struct TimelineRendererTests {
    static let rate = Support.sampleRate

    /// Where speech (a constant 0.3, which no sine has for long) is heard, in frames.
    static func speechFrames(_ samples: [Float]) -> [Int] {
        samples.indices.filter { abs(samples[$0] - 0.3) < 1e-6 }
    }

    static func sine(_ hertz: Double, seconds: Double, at start: Double = 0) -> Tone {
        Tone(frequency: Frequency(hertz: hertz), velocity: 100, source: .sine, startFrame: Int(start * rate), frameCount: Int(seconds * rate))
    }

    /// The first frame from which the samples are loud.
    static func onset(_ samples: [Float], from: Int = 0) -> Int? {
        samples[from...].firstIndex { abs($0) > 0.05 && abs($0 - 0.3) > 1e-6 }
    }

    @Test("a sentence, then the notes queued after it, then a pause, then more notes: in that order, none over another")
    func inOrder() throws {
        let (renderer, _) = Support.renderer(keys: 57...57)
        renderer.speak([Float](repeating: 0.3, count: 4800))
        renderer.enqueue([Self.sine(220, seconds: 0.5)])
        renderer.enqueuePause(seconds: 0.5)
        renderer.enqueue([Self.sine(330, seconds: 0.3)])
        let (left, _) = renderer.renderOffline([], frames: Int(2.5 * Self.rate))
        let speech = Self.speechFrames(left)
        #expect(speech.count == 4800 && speech.first == 0, "the sentence first, whole")
        let first = try #require(Self.onset(left))
        // A sine rises over its first milliseconds (no click): loud within 20 ms of its start.
        #expect(first >= 4800 && first < 4800 + Int(0.02 * Self.rate), "the note right after the sentence: \(first)")
        let second = try #require(Self.onset(left, from: first + Int(0.55 * Self.rate)))
        let expected = first + Int(1.0 * Self.rate)
        #expect(abs(second - expected) <= Int(0.02 * Self.rate), "after the note and the pause: \(second), not \(expected)")
        #expect(!renderer.isBusy)
    }

    @Test("feedback waits for the student's key to come up (at most its wait)")
    func waitsForKeys() throws {
        let (withEcho, _) = Support.renderer(keys: 57...57)
        let (keyAlone, _) = Support.renderer(keys: 57...57)
        for renderer in [withEcho, keyAlone] {
            renderer.press(MIDINote(69), Self.sine(440, seconds: 1))
            _ = renderer.renderOffline([], frames: 640)
        }
        withEcho.enqueueKeysUp(within: 2)
        withEcho.enqueue([Self.sine(220, seconds: 0.3)])
        let held = withEcho.renderOffline([], frames: Int(0.5 * Self.rate)).left
        #expect(held == keyAlone.renderOffline([], frames: Int(0.5 * Self.rate)).left, "only the key while it is held")
        for renderer in [withEcho, keyAlone] { renderer.release(MIDINote(69)) }
        let echo = withEcho.renderOffline([], frames: Int(0.6 * Self.rate)).left
        let silence = keyAlone.renderOffline([], frames: Int(0.6 * Self.rate)).left
        let ringsOut = Int(0.03 * Self.rate)
        #expect(silence[ringsOut...].allSatisfy { abs($0) < 1e-4 }, "the key alone has ended")
        let start = try #require(echo[ringsOut...].firstIndex { abs($0) > 0.05 })
        #expect(start < Int(0.1 * Self.rate), "the echo once the key is up: \(start)")

        let (impatient, _) = Support.renderer(keys: 57...57)
        impatient.press(MIDINote(69), Self.sine(440, seconds: 1))
        impatient.enqueueKeysUp(within: 0.5)
        impatient.enqueue([Self.sine(220, seconds: 0.3)])
        #expect(impatient.isBusy)
        _ = impatient.renderOffline([], frames: Int(1.2 * Self.rate))
        #expect(!impatient.isBusy, "a key held past the wait does not hold the feedback back for ever")
    }

    @Test("a struck key (the virtual keyboard's) is held for its length: feedback comes after it, not over it")
    func waitsForStruckKey() throws {
        let (renderer, _) = Support.renderer(keys: 57...57)
        renderer.strike(MIDINote(69), Self.sine(440, seconds: 0.5))
        renderer.enqueueKeysUp(within: 1.5)
        renderer.enqueue([Self.sine(220, seconds: 0.3)])
        let heard = renderer.renderOffline([], frames: Int(1.2 * Self.rate)).left
        /// The amplitude of `hertz` in `frames` of `heard` (a sine's is its peak).
        func amplitude(_ hertz: Double, _ frames: Range<Int>) -> Double {
            var (re, im) = (0.0, 0.0)
            for frame in frames {
                let phase = 2 * Double.pi * hertz * Double(frame) / Self.rate
                re += Double(heard[frame]) * cos(phase)
                im += Double(heard[frame]) * sin(phase)
            }
            return 2 * (re * re + im * im).squareRoot() / Double(frames.count)
        }
        let held = 2_000..<Int(0.45 * Self.rate)
        let after = Int(0.6 * Self.rate)..<Int(0.8 * Self.rate)
        #expect(amplitude(440, held) > 0.05 && amplitude(220, held) < 0.002,
                "the key alone while it is held: 440 Hz \(amplitude(440, held)), the echo's 220 Hz \(amplitude(220, held))")
        #expect(amplitude(220, after) > 0.05, "then the echo: \(amplitude(220, after))")
        #expect(!renderer.isBusy, "the feedback played once the key was up, not after the whole wait")
    }

    @Test("a stop silences the timeline within the fade and a period, and drops what was queued")
    func stopEmpties() {
        let (renderer, _) = Support.renderer(keys: 57...57)
        renderer.enqueue([Self.sine(220, seconds: 2)])
        renderer.speak([Float](repeating: 0.3, count: Int(Self.rate)))
        renderer.enqueue([Self.sine(330, seconds: 2)])
        _ = renderer.renderOffline([], frames: Int(0.5 * Self.rate))
        renderer.stop()
        let after = renderer.renderOffline([], frames: Int(3 * Self.rate)).left
        let quietFrom = renderer.stopFrames + 2 * ToneRenderer.blockFrames
        #expect(after[quietFrom...].allSatisfy { $0 == 0 }, "silent after the fade")
        #expect(!renderer.isBusy)
    }

    @Test("a sentence whose samples come later is waited for; one that never comes is passed over")
    func waitsForSynthesis() throws {
        let (renderer, _) = Support.renderer(keys: 57...57)
        let late = renderer.enqueueSentence()
        renderer.enqueue([Self.sine(220, seconds: 0.2)])
        let before = renderer.renderOffline([], frames: Int(0.2 * Self.rate)).left
        #expect(before.allSatisfy { $0 == 0 }, "the note waits for the sentence before it")
        renderer.fillSentence(late, samples: [Float](repeating: 0.3, count: 2400))
        let after = renderer.renderOffline([], frames: Int(0.5 * Self.rate)).left
        #expect(Self.speechFrames(after).count == 2400)
        #expect(try #require(Self.onset(after)) >= 2400)

        _ = renderer.enqueueSentence()
        renderer.enqueue([Self.sine(220, seconds: 0.2)])
        let passed = renderer.renderOffline([], frames: Int((Timeline.synthesisWait + 0.5) * Self.rate)).left
        #expect(Self.onset(passed).map { $0 >= Int(Timeline.synthesisWait * Self.rate) - 2 * ToneRenderer.blockFrames } == true,
                "the note after the wait")
    }

    @Test("a sentence queued while a cue is heard waits for the cue's end: no sentence over a word")
    func sentenceAfterCue() throws {
        let (renderer, _) = Support.renderer(keys: 57...57)
        renderer.cue([Float](repeating: 0.2, count: 2400))
        renderer.speak([Float](repeating: 0.3, count: 1200))
        let (left, _) = renderer.renderOffline([], frames: 9600)
        #expect(left.prefix(2400).allSatisfy { abs($0 - 0.2) < 1e-6 }, "the cue alone first")
        let speech = Self.speechFrames(left)
        #expect(speech.count == 1200, "the sentence whole: \(speech.count) frames")
        #expect(try #require(speech.first) >= 2400 && speech.first! < 2400 + 2 * ToneRenderer.blockFrames, "right after the cue")
    }

    @Test("a cue is heard at once, over a sounding note, ducked under it")
    func cueAtOnce() {
        let (plain, _) = Support.renderer(keys: 57...57)
        let (cued, _) = Support.renderer(keys: 57...57)
        for renderer in [plain, cued] {
            renderer.enqueue([Self.sine(220, seconds: 1)])
            _ = renderer.renderOffline([], frames: 640)
        }
        cued.cue([Float](repeating: 0.3, count: 2400))
        #expect(cued.isBusy)
        let difference = zip(cued.renderOffline([], frames: 4800).left, plain.renderOffline([], frames: 4800).left).map { $0 - $1 }
        #expect(difference[0] > 0.05, "at once: \(difference[0])")
        #expect(abs(difference[2000] - 0.3 * SpeechLane.duckGain) < 1e-4, "ducked under the note: \(difference[2000])")
        #expect(difference[2400...].allSatisfy { abs($0) < 1e-6 }, "whole, once")
    }
}

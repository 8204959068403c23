import Foundation
import MusicTheory
import Synchronization
import ProcessTestSupport
import Testing
@testable import FluidSynthAudio
import Training

/// When a sound is heard (`ToneRenderer+Heard`): the render call's instant, plus the frame's place
/// in it, plus the device's own delay, for a timed prompt (a steady click's grid) and for a key
/// (the input-to-sound figure).
@Suite(.cpuHeavy) struct HeardTimeTests {
    static func sineRenderer() -> ToneRenderer {
        ToneRenderer(cello: nil, tuner: nil, sampleRate: Support.sampleRate, stopFrames: 128)
    }

    static func tone(start: Int = 0) -> Tone {
        Tone(frequency: Frequency(MIDINote(60)), velocity: 90, source: .sine, startFrame: start, frameCount: 4800)
    }

    /// Renders one period; returns the instants just before and after the call.
    static func period(_ renderer: ToneRenderer, frames: Int = 128) -> (before: ContinuousClock.Instant, after: ContinuousClock.Instant) {
        var left = [Float](repeating: 0, count: frames)
        var right = left
        let before = ContinuousClock.now
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in renderer.render(frames: frames, left: l.baseAddress!, right: r.baseAddress!) }
        }
        return (before, ContinuousClock.now)
    }

    @Test("a timed prompt is heard at its first note's frame, shifted by the device's delay (0 for the file output)", arguments: [0.0, 0.032])
    func promptHeard(delay: Double) throws {
        let renderer = Self.sineRenderer()
        renderer.setOutputDelay(delay)
        let heard = Mutex<[ContinuousClock.Instant]>([])
        // Its first note 640 frames into the step: the grid is that note, not the step's start.
        renderer.enqueue([Self.tone(start: 640), Self.tone(start: 1280)], marks: .init(first: { instant in heard.withLock { $0.append(instant) } }))
        let first = Self.period(renderer)
        #expect(heard.withLock { $0 }.isEmpty, "not yet rendered")
        var last = first
        for _ in 0..<5 { last = Self.period(renderer) }  // frames 128…767: the note at 640 is rendered
        let instant = try #require(heard.withLock { $0 }.first)
        #expect(heard.withLock { $0 }.count == 1)
        // Frame 640 is in the call that rendered 640…767, 0 frames into it.
        let offset = delay
        #expect(instant >= last.before + .seconds(offset) && instant <= last.after + .seconds(offset),
                "heard \(instant) against the call \(last.before)…\(last.after) plus \(offset) s")
    }

    @Test("a question's prompt marks its last phrase's start and its last note's end, each at its frame")
    func lastPhraseAndEnd() throws {
        let renderer = Self.sineRenderer()
        let marks = Mutex<[String: (frame: Int, instant: ContinuousClock.Instant)]>([:])
        func mark(_ name: String) -> ToneRenderer.PromptMarks.Mark {
            { instant in marks.withLock { $0[name] = (renderer.clock, instant) } }
        }
        // Two phrases: a note at 0 (4,800 frames), then a two-note phrase from 6,400 (ends at 11,200).
        renderer.enqueue([Self.tone(start: 0), Self.tone(start: 6400), Self.tone(start: 6400)],
                         marks: .init(first: mark("first"), lastPhrase: mark("lastPhrase"), lastPhraseTones: 2, end: mark("end")))
        var calls: [(before: ContinuousClock.Instant, after: ContinuousClock.Instant)] = []
        for _ in 0..<100 { calls.append(Self.period(renderer)) }  // 12,800 frames
        let heard = marks.withLock { $0 }
        #expect(Set(heard.keys) == ["first", "lastPhrase", "end"])
        // Each is told by the call that renders its frame: frame f in call f / 128, `f % 128` frames into it.
        for (name, frame) in [("first", 0), ("lastPhrase", 6400), ("end", 11_200)] {
            let told = try #require(heard[name])
            let call = calls[frame / 128]
            let into = Double(frame % 128) / Support.sampleRate
            #expect(told.frame == frame / 128 * 128 + 128, "\(name) told after the call that rendered frame \(frame)")
            #expect(told.instant >= call.before + .seconds(into) && told.instant <= call.after + .seconds(into), "\(name)")
        }
    }

    @Test("a key's input-to-sound time runs from its arrival to its first frame heard, the device's delay included; an endPrompt drops the clicks, not the keys")
    func keyLatency() throws {
        let renderer = Self.sineRenderer()
        renderer.setOutputDelay(0.02)
        let arrival = ContinuousClock.now - .milliseconds(5)
        renderer.press(MIDINote(48), Self.tone(), arrivedAt: arrival)
        renderer.enqueue([Self.tone(start: 256)], marks: .init(first: { _ in Issue.record("a prompt ended before it was heard reports nothing") }))
        renderer.endPrompt()
        let call = Self.period(renderer)
        let figures = renderer.inputToSound
        try #require(figures.count == 1)
        let lower = (call.before - arrival).seconds + 0.02
        let upper = (call.after - arrival).seconds + 0.02
        #expect(figures[0] >= lower && figures[0] <= upper, "\(figures[0]) s within \(lower)…\(upper)")
        for _ in 0..<10 { _ = Self.period(renderer) }
        #expect(renderer.inputToSound.count == 1, "measured once, at its first frame")
    }
}

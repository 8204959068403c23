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
        renderer.enqueue([Self.tone(start: 640), Self.tone(start: 1280)]) { instant in heard.withLock { $0.append(instant) } }
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

    @Test("a key's input-to-sound time runs from its arrival to its first frame heard, the device's delay included; an endPrompt drops the clicks, not the keys")
    func keyLatency() throws {
        let renderer = Self.sineRenderer()
        renderer.setOutputDelay(0.02)
        let arrival = ContinuousClock.now - .milliseconds(5)
        renderer.press(MIDINote(48), Self.tone(), arrivedAt: arrival)
        renderer.enqueue([Self.tone(start: 256)]) { _ in Issue.record("a prompt ended before it was heard reports nothing") }
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

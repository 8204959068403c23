import MusicTheory
import Testing
@testable import FluidSynthAudio

/// The voice waits for the notes and never sounds over them; whole sentences are heard.
@Suite struct SpeechLaneTests {
    static let block = 64

    /// Runs the lane block by block; `sounding(frame)` says whether a note sounds in the block
    /// starting there. Returns the speech written.
    static func run(_ lane: inout SpeechLane, frames: Int, from start: Int = 0, sounding: (Int) -> Bool) -> [Float] {
        var out: [Float] = []
        var quiet = 0
        for clock in stride(from: start, to: start + frames, by: block) {
            quiet = sounding(clock) ? 0 : quiet + block
            var mono = [Float](repeating: 0, count: block)
            lane.mix(into: &mono, clock: clock, quietFrames: sounding(clock) ? 0 : quiet - block)
            out += mono
        }
        return out
    }

    static func clip(_ count: Int, _ value: Float = 0.5) -> [Float] { [Float](repeating: value, count: count) }

    @Test("a clip waits for the gap after the last note, then is heard whole")
    func waitsForQuiet() {
        var lane = SpeechLane(gapFrames: 640, staleFrames: 48_000)
        lane.enqueue(Self.clip(1000), at: 0)
        let out = Self.run(&lane, frames: 6400) { $0 < 1280 }  // a note until frame 1280
        let first = out.firstIndex { $0 != 0 }!
        #expect(first >= 1280 + 640, "spoke at \(first)")
        #expect(out.filter { $0 != 0 }.count == 1000)
        #expect(!lane.isSpeaking && lane.queue.isEmpty)
    }

    @Test("a note during a clip silences it at once; at the next quiet the clip starts again from its beginning")
    func noteInterrupts() {
        var lane = SpeechLane(gapFrames: 128, staleFrames: 48_000)
        lane.enqueue((0..<2000).map { Float($0 + 1) / 4000 }, at: 0)
        let out = Self.run(&lane, frames: 8000) { (1024..<1536).contains($0) }
        #expect(out[1024..<1536].allSatisfy { $0 == 0 }, "nothing over the note")
        let restart = out[1536...].firstIndex { $0 != 0 }!
        #expect(out[restart] == Float(1) / 4000, "from its first sample")
        #expect(out[restart...].filter { $0 != 0 }.count == 2000, "whole")
    }

    @Test("clips are heard in order, apart; one cut again and again, or waiting too long, is dropped")
    func orderRestartsAndStale() {
        var lane = SpeechLane(gapFrames: 128, staleFrames: 4096)
        lane.enqueue(Self.clip(300, 0.25), at: 0)
        lane.enqueue(Self.clip(300, 0.75), at: 0)
        let out = Self.run(&lane, frames: 3000) { _ in false }
        let firstEnd = out.lastIndex { $0 == 0.25 }!
        let secondStart = out.firstIndex { $0 == 0.75 }!
        #expect(secondStart - firstEnd > 128, "a pause between clips")

        var busy = SpeechLane(gapFrames: 128, staleFrames: 1_000_000)
        busy.enqueue(Self.clip(5000), at: 0)
        // A note every 1024 frames: the clip never finishes and is dropped after its restarts.
        _ = Self.run(&busy, frames: 20_000) { $0 % 1024 == 0 }
        #expect(busy.queue.isEmpty)

        var late = SpeechLane(gapFrames: 128, staleFrames: 4096)
        late.enqueue(Self.clip(300), at: 0)
        let lateOut = Self.run(&late, frames: 12_000) { $0 < 8192 }
        #expect(lateOut.allSatisfy { $0 == 0 }, "stale before the notes ended")
    }
}

/// The same rules in the renderer itself: a prompt note, then speech after it; a key pressed
/// while speech is heard sounds at once, and the speech stops under it.
@Suite struct RendererSpeechTests {
    static let rate = Support.sampleRate

    /// Where speech (a constant 0.3, which no sine has for long) is heard, in frames.
    static func speechFrames(_ samples: [Float]) -> [Int] {
        samples.indices.filter { abs(samples[$0] - 0.3) < 1e-6 }
    }

    @Test("speech queued during a note is heard after the note and the gap, whole")
    func afterTheNote() {
        let (renderer, _) = Support.renderer(keys: 57...57)
        let note = Tone(frequency: Frequency(hertz: 220), velocity: 100, source: .sine, startFrame: 0, frameCount: Int(0.5 * Self.rate))
        renderer.play([note])
        renderer.speak([Float](repeating: 0.3, count: 4800))
        let (left, _) = renderer.renderOffline([], frames: Int(2 * Self.rate))
        let heard = Self.speechFrames(left)
        #expect(heard.count == 4800, "whole: \(heard.count)")
        // Quiet is counted in whole blocks from the boundary where nothing sounded: one block of slack.
        #expect(Double(heard.first ?? 0) >= (0.5 + ToneRenderer.speechGap) * Self.rate - Double(ToneRenderer.blockFrames), "after the note: \(heard.first ?? -1)")
        #expect(!renderer.hasSpeech)
    }

    @Test("a key pressed during speech sounds at once, with no speech under it")
    func keyInterrupts() {
        let (renderer, _) = Support.renderer(keys: 57...57)
        renderer.speak([Float](repeating: 0.3, count: Int(Self.rate)))
        let before = renderer.renderOffline([], frames: Int(0.5 * Self.rate)).left
        #expect(Self.speechFrames(before).count > Int(0.2 * Self.rate), "speaking")
        let key = Tone(frequency: Frequency(hertz: 440), velocity: 100, source: .sine, startFrame: 0, frameCount: Int(0.3 * Self.rate))
        let during = renderer.renderOffline([key], frames: Int(0.3 * Self.rate)).left
        #expect(Self.speechFrames(during).isEmpty, "no speech over the key")
        #expect(during[64..<4800].contains { abs($0) > 0.05 }, "the key sounds at once")
        let after = renderer.renderOffline([], frames: Int(2 * Self.rate)).left
        #expect(Self.speechFrames(after).count == Int(Self.rate), "heard again from its start, whole")
    }
}

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

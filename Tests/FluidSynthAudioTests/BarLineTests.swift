import Foundation
import MusicTheory
import Testing
@testable import FluidSynthAudio

/// A phrase that waits for a bar line: a steady click's try again comes in on the grid the
/// student just heard, never a flam after its last click, and never over a cue word.
@Suite(.cpuHeavy) struct BarLineTests {
    static let rate = Support.sampleRate
    typealias Timed = TimelineRendererTests

    /// A timed prompt (its first note's moment asked for, as a steady click's is): clicks every
    /// half second from its start, a bar of 1 s; ended by the answer after 1.1 s.
    static func afterTimedPrompt() -> ToneRenderer {
        let (renderer, _) = Support.renderer(keys: 57...57)
        let clicks = (0..<6).map { Timed.sine(880, seconds: 0.05, at: Double($0) * 0.5) }
        renderer.enqueue(clicks, marks: ToneRenderer.PromptMarks(first: { _ in }))
        _ = renderer.renderOffline([], frames: Int(1.1 * rate))
        renderer.endPrompt()
        return renderer
    }

    /// How late `Timed.onset` finds a sine started at frame 0: its attack's rise.
    static func rise() throws -> Int {
        let (renderer, _) = Support.renderer(keys: 57...57)
        renderer.enqueue([Timed.sine(330, seconds: 0.3)])
        return try #require(Timed.onset(renderer.renderOffline([], frames: Int(0.3 * rate)).left))
    }

    /// Whether `onset` is the phrase's start at `frame`: to the block it was scheduled in.
    static func starts(_ onset: Int, at frame: Int) throws -> Bool {
        let late = onset - (try rise()) - frame
        return late >= 0 && late < ToneRenderer.blockFrames
    }

    @Test("the phrase comes in on the timed prompt's first bar line at least the lead away, to the block")
    func onTheGrid() throws {
        let renderer = Self.afterTimedPrompt()
        renderer.enqueueBarLine(seconds: 1.0)
        renderer.enqueue([Timed.sine(330, seconds: 0.3)])
        let after = renderer.renderOffline([], frames: Int(2 * Self.rate)).left
        // Rendered from 1.1 s: 1.1 + 0.8 is past the bar line at 1 s and 2 s is the next.
        #expect(Timeline.barLead == 0.8)
        let onset = try #require(Timed.onset(after))
        let expected = Int(0.9 * Self.rate)
        #expect(try Self.starts(onset, at: expected),
                "on the bar line 2 s from the grid's start: \(Double(onset) / Self.rate + 1.1) s (\(onset - expected) frames late)")
        #expect(after[..<expected].allSatisfy { $0 == 0 }, "silence until then: no click of the old grid, no flam")
    }

    @Test("a cue word said on the bar line moves the phrase to the next one")
    func afterTheCue() throws {
        let renderer = Self.afterTimedPrompt()
        renderer.cue([Float](repeating: 0.3, count: Int(1.0 * Self.rate)))  // 1.1 s to 2.1 s
        renderer.enqueueBarLine(seconds: 1.0)
        renderer.enqueue([Timed.sine(330, seconds: 0.3)])
        let after = renderer.renderOffline([], frames: Int(2.5 * Self.rate)).left
        let onset = try #require(Timed.onset(after))
        let expected = Int(1.9 * Self.rate)
        #expect(try Self.starts(onset, at: expected),
                "on the bar line at 3 s: \(Double(onset) / Self.rate + 1.1) s")
    }

    @Test("with no timed prompt before it (or after a stop) the phrase does not wait")
    func noGrid() throws {
        let (fresh, _) = Support.renderer(keys: 57...57)
        let stopped = Self.afterTimedPrompt()
        stopped.stop()
        _ = stopped.renderOffline([], frames: Int(0.1 * Self.rate))
        for renderer in [fresh, stopped] {
            renderer.enqueueBarLine(seconds: 1.0)
            renderer.enqueue([Timed.sine(330, seconds: 0.3)])
            let onset = try #require(Timed.onset(renderer.renderOffline([], frames: Int(0.5 * Self.rate)).left))
            #expect(onset < Int(0.02 * Self.rate), "at once: \(onset)")
        }
    }
}

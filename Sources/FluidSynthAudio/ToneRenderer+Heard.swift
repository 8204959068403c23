import Foundation
import Training

/// When a rendered frame is heard: the one place the output's delay is counted. A render call
/// hands its frames to the device at the instant it runs; frame `f` of it leaves the speaker
/// `(f − first) / rate` later, plus the device's own delay (`AudioDevice.outputDelay`: the
/// buffer FluidSynth's driver fills ahead; 0 for the `file` output, whose file is the speaker).
/// What waits to be heard: a timed prompt (a steady click's grid is measured from it) and each
/// key the student plays (the input-to-sound figure `status` reports).
extension ToneRenderer {
    /// Something to report once the frame it starts at is rendered.
    enum HeardReport {
        /// A key that arrived at this instant (its sequencer timestamp): its input-to-sound time is kept.
        case key(arrival: ContinuousClock.Instant)
        /// A timed prompt: called with the instant its first note is heard.
        case prompt(@Sendable (ContinuousClock.Instant) -> Void)
    }

    /// How many keys' figures are kept for the median.
    static let keptLatencies = 32

    /// Seconds between a frame handed to the device and its sound leaving the speaker, from now on.
    public func setOutputDelay(_ seconds: Double) {
        state.withLock { $0.outputDelay = max(0, seconds) }
    }

    /// The recent keys' input-to-sound times in seconds, oldest first (at most `keptLatencies`).
    public var inputToSound: [Double] { state.withLock { Array($0.latencies) } }

    /// The instant frame `frame` is heard, for a render call that ran at `calledAt` from `first`.
    static func heardInstant(of frame: Int, calledAt: ContinuousClock.Instant, first: Int, sampleRate: Double,
                             outputDelay: Double) -> ContinuousClock.Instant {
        calledAt + .seconds(Double(frame - first) / sampleRate + outputDelay)
    }

    /// After a render call: the reports whose frames it rendered. Keys' times are kept; the
    /// prompts' callbacks are returned, to be called outside the lock.
    static func takeHeard(_ state: inout State, calledAt: ContinuousClock.Instant, first: Int,
                          sampleRate: Double) -> [(callback: @Sendable (ContinuousClock.Instant) -> Void, instant: ContinuousClock.Instant)] {
        guard !state.heard.isEmpty else { return [] }
        var prompts: [(callback: @Sendable (ContinuousClock.Instant) -> Void, instant: ContinuousClock.Instant)] = []
        var waiting: [(frame: Int, report: HeardReport)] = []
        for entry in state.heard {
            guard entry.frame < state.clock else {
                waiting.append(entry)
                continue
            }
            let instant = heardInstant(of: entry.frame, calledAt: calledAt, first: first, sampleRate: sampleRate,
                                       outputDelay: state.outputDelay)
            switch entry.report {
            case .key(let arrival):
                state.latencies.append((instant - arrival).seconds)
                if state.latencies.count > keptLatencies { state.latencies.removeFirst() }
            case .prompt(let callback):
                prompts.append((callback, instant))
            }
        }
        state.heard = waiting
        return prompts
    }
}

/// When the output last sounded: what the listening input must not take for an answer (a
/// prompt, a key, a word leaking into the microphone).
extension ToneRenderer {
    /// The level below which a frame counts as silence: −60 dB of full scale.
    static let audibleLevel: Float = 0.001

    /// The instant the last frame louder than `audibleLevel` leaves the speaker (the device's
    /// delay counted; it may lie ahead, for frames handed over but not yet heard); nil before
    /// anything has sounded.
    public var lastAudible: ContinuousClock.Instant? { state.withLock { $0.lastAudible } }

    /// After a render call: notes the last audible frame's instant, if any frame was audible.
    static func noteAudible(_ state: inout State, frames: Int, left: UnsafeMutablePointer<Float>,
                            right: UnsafeMutablePointer<Float>, calledAt: ContinuousClock.Instant, sampleRate: Double) {
        var frame = frames - 1
        while frame >= 0, abs(left[frame]) < audibleLevel, abs(right[frame]) < audibleLevel { frame -= 1 }
        guard frame >= 0 else { return }
        state.lastAudible = heardInstant(of: frame, calledAt: calledAt, first: 0, sampleRate: sampleRate,
                                         outputDelay: state.outputDelay)
    }
}

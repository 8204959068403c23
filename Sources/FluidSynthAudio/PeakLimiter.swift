import Foundation

/// The last stage of the mix: however many notes sound at once, no sample reaches full scale.
///
/// Levels are planned so that every prompt of every exercise stays well below the threshold (the
/// loudest, a four-note cello chord, peaks at −9 dBFS), and the limiter does nothing: its output
/// is then its input, bit for bit. Keys held on top of a prompt chord, or many keys under the
/// pedal, can cross it; then the gain comes down, holds, and goes back up slowly:
///
/// - The gain is worked out per span of at most one block (64 frames, 1.3 ms) from that span's
///   own samples, which are already rendered: a look-ahead of one block with no added latency.
///   It moves in a straight line across the span, so it never steps, and that line is chosen so
///   that no sample of the span ends above the ceiling.
/// - It aims at `threshold / peak`, holds for `holdSeconds` (longer than a period of the lowest
///   note, so it does not rise between two crests of a wave), then rises back with a time
///   constant of `releaseSeconds`. A gain is a real factor: it changes no phase, so no pitch.
/// - What no such line can bring under the ceiling (a jump within the span's first samples) is
///   bent by a soft clip (tanh, leaving the line with slope 1) towards `limit`, below full scale.
///   `clippedSamples` counts those; the tests expect none from any exercise.
struct PeakLimiter {
    /// Where the gain aims: −2 dBFS.
    static let threshold = Float(pow(10, -2.0 / 20))
    /// No sample above this, but for the soft clip: −1 dBFS.
    static let ceiling = Float(pow(10, -1.0 / 20))
    /// The most the soft clip lets through: −0.5 dBFS.
    static let limit = Float(pow(10, -0.5 / 20))
    /// Seconds the gain stays down after the last peak that needed it.
    static let holdSeconds = 0.05
    /// Seconds for the gain, once held, to come back two thirds of the way up.
    static let releaseSeconds = 0.3

    /// How much of the gain's distance from 1 is left after one frame of release.
    let releasePerFrame: Double
    let holdFrames: Int
    /// The gain at the end of the last span.
    private(set) var gain: Float = 1
    private var holdRemaining = 0
    /// Frames rendered with the gain below 1.
    private(set) var limitedFrames = 0
    /// Samples the soft clip bent.
    private(set) var clippedSamples = 0
    /// The lowest gain so far, and the highest peak that came in: what the tests report.
    private(set) var lowestGain: Float = 1
    private(set) var highestInput: Float = 0

    init(sampleRate: Double) {
        releasePerFrame = exp(-1 / (Self.releaseSeconds * sampleRate))
        holdFrames = Int(Self.holdSeconds * sampleRate)
    }

    /// Limits `count` frames of both channels in place.
    mutating func process(_ left: UnsafeMutablePointer<Float>, _ right: UnsafeMutablePointer<Float>, count: Int) {
        var peak: Float = 0
        for index in 0..<count { peak = max(peak, abs(left[index]), abs(right[index])) }
        highestInput = max(highestInput, peak)
        if peak == 0 {
            (gain, holdRemaining) = (1, 0)  // silence: nothing to limit, and the next sound starts afresh
            return
        }
        let wanted = peak > Self.threshold ? Self.threshold / peak : 1
        var target = wanted
        if wanted <= gain {
            holdRemaining = holdFrames
        } else if holdRemaining > 0 {
            holdRemaining = max(0, holdRemaining - count)
            target = gain
        } else {
            target = min(wanted, 1 - (1 - gain) * Float(pow(releasePerFrame, Double(count))))
            if target > 0.9999 { target = 1 }  // the last 0.001 dB: a step no one hears, and exact output again
        }
        guard gain < 1 || target < 1 else { return }
        if peak * max(gain, target) > Self.ceiling {
            target = Self.underCeiling(left, right, count: count, from: gain, to: target)
        }
        let step = (target - gain) / Float(count)
        for index in 0..<count {
            let factor = gain + step * Float(index + 1)
            left[index] = soften(left[index] * factor)
            right[index] = soften(right[index] * factor)
        }
        gain = target
        lowestGain = min(lowestGain, target)
        limitedFrames += count
    }

    /// The highest end of a straight line from `start` (at most `end`) that keeps every sample
    /// under the ceiling: sample i gets start + (end − start)·(i + 1)/count.
    private static func underCeiling(_ left: UnsafeMutablePointer<Float>, _ right: UnsafeMutablePointer<Float>,
                                     count: Int, from start: Float, to end: Float) -> Float {
        var highest = end
        for index in 0..<count {
            let size = max(abs(left[index]), abs(right[index]))
            guard size > 0 else { continue }
            let allowed = ceiling * 0.999 / size  // a hair under, so rounding never crosses it
            guard allowed < start + (highest - start) * Float(index + 1) / Float(count) else { continue }
            highest = start + (allowed - start) * Float(count) / Float(index + 1)
        }
        // Below this the line would dive for one early sample; the soft clip takes that sample.
        return max(highest, end * 0.25)
    }

    /// The sample itself up to the ceiling; above it, a curve that bends towards `limit`.
    private mutating func soften(_ sample: Float) -> Float {
        let size = abs(sample)
        guard size > Self.ceiling else { return sample }
        clippedSamples += 1
        let room = Self.limit - Self.ceiling
        let bent = Self.ceiling + room * tanh((size - Self.ceiling) / room)
        return sample < 0 ? -bent : bent
    }
}

import Foundation
import MusicTheory

/// An exact sine, rendered here rather than by FluidSynth, so no whole-cent floor touches it, or
/// the steady tone: the same with harmonics at exact multiples of its frequency (`partials`).
/// Its phase advances in Double; raised-cosine ramps at both ends keep it from clicking.
struct SineVoice {
    static let rampSeconds = 0.010

    /// The length of a key's sine while it is held: longer than anyone holds a key.
    static let held = Int.max / 4

    private(set) var increment: Double
    /// The increment before any bend: the sine's own frequency.
    let baseIncrement: Double
    /// Whether this is the held note that follows the wheel (`ToneRenderer.enqueueHeld`).
    private(set) var followsWheel = false
    let amplitude: Double
    /// Each partial's amplitude, the fundamental first, relative to `amplitude`: `[1]` for a sine.
    let partials: [Double]
    private(set) var frameCount: Int
    let rampFrames: Int
    /// The key that holds this sine until its release; nil for a timed tone or once released.
    private(set) var key: MIDINote?
    private(set) var phase = 0.0
    private(set) var frame = 0

    /// A sine of peak `amplitude` (`SineLevel` matches it to the cello).
    init(hertz: Double, amplitude: Double, frameCount: Int, sampleRate: Double, key: MIDINote? = nil, followsWheel: Bool = false,
         partials: [Double] = [1]) {
        increment = hertz / sampleRate
        baseIncrement = increment
        self.followsWheel = followsWheel
        self.amplitude = amplitude
        self.partials = partials
        self.frameCount = frameCount
        self.key = key
        rampFrames = max(1, min(Int(Self.rampSeconds * sampleRate), frameCount / 2))
    }

    /// Sounds `cents` from its own frequency from the next frame on, the phase kept (no click).
    mutating func bend(cents: Double) {
        increment = baseIncrement * pow(2, cents / 1200)
    }

    /// Ends a held sine: it ramps down from now, as a timed one does at its end.
    mutating func release() {
        key = nil
        followsWheel = false
        frameCount = min(frameCount, frame + rampFrames)
    }

    var finished: Bool { frame >= frameCount }

    /// Adds the next `count` frames into both channels.
    mutating func add(into left: UnsafeMutablePointer<Float>, _ right: UnsafeMutablePointer<Float>, count: Int) {
        // A sine's frame is one sin, as before the steady tone: the debug daemon in the emulated VM
        // renders on the edge of real time, and a loop over one partial every frame broke its sound.
        let harmonic = partials.count > 1
        for index in 0..<count where frame < frameCount {
            let edge = min(frame, frameCount - 1 - frame)
            let envelope = edge < rampFrames ? 0.5 - 0.5 * cos(Double.pi * Double(edge) / Double(rampFrames)) : 1
            let value = Float(amplitude * envelope * (harmonic ? partialsSum(phase) : sin(2 * Double.pi * phase)))
            left[index] += value
            right[index] += value
            phase += increment
            if phase >= 1 { phase -= 1 }
            frame += 1
        }
    }

    /// The steady tone's partials at `phase`.
    private func partialsSum(_ phase: Double) -> Double {
        var sum = 0.0
        for (index, amplitude) in partials.enumerated() {
            sum += amplitude * sin(2 * Double.pi * Double(index + 1) * phase)
        }
        return sum
    }
}

import Foundation
import MusicTheory

/// Measures a `CelloCalibration`: each key is rendered offline with the wheel centred, for the
/// configured note duration from its note-on (attack included), and its pitch is estimated from
/// several harmonics over that whole span.
enum Calibrator {
    /// The velocity calibrated at, and the default velocity of a prompt.
    static let velocity = 100

    static func measure(_ cello: CelloInstrument, keys: ClosedRange<Int>, identity: CelloCalibration.Identity) throws(AudioError) -> CelloCalibration {
        let synth = cello.synth
        let frames = Int((Double(identity.noteDurationMilliseconds) / 1000 * synth.sampleRate).rounded())
        let padded = (frames + 63) / 64 * 64
        var left = [Float](repeating: 0, count: padded)
        var right = [Float](repeating: 0, count: padded)
        let estimator = PitchEstimator()
        var offsets: [Int: Double] = [:]
        try synth.setPitchBend(channel: 0, value: PitchBend.centre)
        for key in keys {
            try synth.noteOn(channel: 0, key: key, velocity: identity.velocity)
            try left.withUnsafeMutableBufferPointer { (l) throws(AudioError) in
                try right.withUnsafeMutableBufferPointer { (r) throws(AudioError) in
                    try synth.write(frames: padded, left: l.baseAddress!, right: r.baseAddress!)
                }
            }
            synth.allSoundsOff()
            let nominal = Frequency(MIDINote(key))
            if let measured = estimator.estimate(Array(left.prefix(frames)), sampleRate: synth.sampleRate, expected: nominal.hertz) {
                offsets[key] = Frequency(hertz: measured.hertz).cents(above: nominal)
            }
        }
        return CelloCalibration(identity: identity, offsets: offsets)
    }
}

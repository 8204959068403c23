import FluidSynthAudio
import Foundation
import MusicTheory

/// Listens to a WAV the `file` driver wrote, as a student hears it: where sounds begin and end,
/// and which keys sound in each (sine source). Tests answer ear-training questions with it, from
/// the sound alone, never from the daemon's internals.
public struct WAVListener {
    public let samples: [Float]
    public let rate: Int

    /// One stretch of sound between silences.
    public struct Sound: CustomStringConvertible, Sendable {
        public let start: Double
        public let end: Double
        public init(start: Double, end: Double) { (self.start, self.end) = (start, end) }
        public var description: String { String(format: "%.2f–%.2f s", start, end) }
    }

    public init(path: String) throws {
        (samples, rate) = try WAVFile.readLeft(path: path)
    }

    /// Stretches louder than `floor` (RMS over 10 ms windows), apart by at least `gap` seconds of
    /// quiet, from `after` seconds on.
    public func sounds(after: Double = 0, floor: Float = 0.01, gap: Double = 0.06) -> [Sound] {
        let window = rate / 100
        var result: [Sound] = []
        var start: Int?
        var quiet = 0
        var index = Int(after * Double(rate)) / window * window
        while index + window <= samples.count {
            var energy: Float = 0
            for sample in samples[index..<(index + window)] { energy += sample * sample }
            let loud = (energy / Float(window)).squareRoot() > floor
            if loud {
                if start == nil { start = index }
                quiet = 0
            } else if let begun = start {
                quiet += window
                if Double(quiet) / Double(rate) >= gap {
                    result.append(Sound(start: Double(begun) / Double(rate), end: Double(index - quiet + window) / Double(rate)))
                    start = nil
                }
            }
            index += window
        }
        if let begun = start { result.append(Sound(start: Double(begun) / Double(rate), end: Double(index) / Double(rate))) }
        return result
    }

    /// The keys sounding in `sound`: the energy at each key's equal-tempered frequency (A4 = 440)
    /// over the sound's steady middle, keys within `share` of the loudest, each a local maximum.
    /// Sines tuned a few cents off equal temperament (just intonation) are still found.
    public func keys(in sound: Sound, range: ClosedRange<Int> = 24...96, share: Double = 0.2) -> [MIDINote] {
        let middle = steadyMiddle(of: sound)
        guard middle.count > rate / 20 else { return [] }
        let span = Array(samples[middle])
        let energies = range.map { key in Self.energy(span, at: 440 * pow(2, Double(key - 69) / 12), rate: Double(rate)) }
        guard let loudest = energies.max(), loudest > 0 else { return [] }
        return energies.indices.compactMap { offset -> MIDINote? in
            let here = energies[offset]
            let below = offset > 0 ? energies[offset - 1] : 0
            let above = offset + 1 < energies.count ? energies[offset + 1] : 0
            return here >= loudest * share && here >= below && here >= above ? MIDINote(range.lowerBound + offset) : nil
        }
    }

    /// The samples of `sound` without its first and last fifth: its onset and release left out.
    func steadyMiddle(of sound: Sound) -> Range<Int> {
        let length = sound.end - sound.start
        let from = Int((sound.start + length * 0.2) * Double(rate))
        return from..<max(from, Int((sound.end - length * 0.2) * Double(rate)))
    }

    /// Goertzel: the power of `frequency` in `samples`.
    public static func energy(_ samples: [Float], at frequency: Double, rate: Double) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * frequency / rate)
        var (previous, beforePrevious) = (0.0, 0.0)
        for sample in samples {
            let current = Double(sample) + coefficient * previous - beforePrevious
            (beforePrevious, previous) = (previous, current)
        }
        return (previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious) / Double(samples.count)
    }

    /// The frequency of the sine near `key` in `sound`: the peak of its Hann-windowed spectrum
    /// within 60 cents of the key, found by golden-section search (a pure tone's peak is sharp,
    /// and the search finds it to well under a hundredth of a cent).
    public func frequency(in sound: Sound, near key: MIDINote) -> Double {
        let middle = steadyMiddle(of: sound)
        let count = middle.count
        let windowed = middle.enumerated().map { index, sample in
            Double(samples[sample]) * (0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(count - 1)))
        }
        func power(_ hertz: Double) -> Double {
            let step = 2 * Double.pi * hertz / Double(rate)
            var (re, im) = (0.0, 0.0)
            for (index, sample) in windowed.enumerated() {
                re += sample * cos(step * Double(index))
                im -= sample * sin(step * Double(index))
            }
            return re * re + im * im
        }
        let nominal = 440 * pow(2, Double(key.rawValue - 69) / 12)
        // A coarse scan first (1 c steps), then the golden section around the best.
        let best = stride(from: -60.0, through: 60.0, by: 1).max { power(nominal * pow(2, $0 / 1200)) < power(nominal * pow(2, $1 / 1200)) }!
        var (low, high) = (nominal * pow(2, (best - 1.5) / 1200), nominal * pow(2, (best + 1.5) / 1200))
        let ratio = (sqrt(5.0) - 1) / 2
        for _ in 0..<40 {
            let a = high - ratio * (high - low), b = low + ratio * (high - low)
            if power(a) < power(b) { low = a } else { high = b }
        }
        return (low + high) / 2
    }
}

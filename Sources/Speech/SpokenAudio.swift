/// Speech as samples: mono, −1…1, at the synthesizer's rate.
public struct SpokenAudio: Sendable, Hashable {
    public var samples: [Float]
    public var sampleRate: Int

    public init(samples: [Float], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// How long it speaks.
    public var duration: Duration { .seconds(Double(samples.count) / Double(sampleRate)) }

    /// The same speech at another rate (the output's), by linear interpolation: speech has
    /// little above 5 kHz, so nothing audible is lost from 22,050 Hz up to 44,100 or 48,000 Hz.
    public func resampled(to rate: Int) -> SpokenAudio {
        guard rate != sampleRate, !samples.isEmpty else { return self }
        let step = Double(sampleRate) / Double(rate)
        let count = Int(Double(samples.count - 1) / step) + 1
        var out = [Float](repeating: 0, count: count)
        for index in 0..<count {
            let position = Double(index) * step
            let below = Int(position)
            let above = min(below + 1, samples.count - 1)
            let fraction = Float(position - Double(below))
            out[index] = samples[below] + (samples[above] - samples[below]) * fraction
        }
        return SpokenAudio(samples: out, sampleRate: rate)
    }
}

import Foundation

/// Beats, as an ear hears them: how the level near one frequency rises and falls. Two partials a
/// few hertz apart (a tempered third's fifth partial of its root and fourth of its third) sum to
/// one tone whose level swells at their difference; a pure interval's meet exactly and hold still.
public enum Beats {
    /// The rate (Hz, 2–40) at which the level near `hertz` rises and falls over `samples`, and
    /// how deep: a 60 ms Hann window's magnitude there every 5 ms (the envelope), its strongest
    /// frequency, and (max − min) / mean.
    public static func measure(_ samples: [Float], near hertz: Double, sampleRate rate: Double) -> (rate: Double, depth: Double) {
        let window = Int(0.06 * rate), hop = Int(0.005 * rate)
        var envelope: [Double] = []
        var start = 0
        while start + window <= samples.count {
            var re = 0.0, im = 0.0
            for index in 0..<window {
                let hann = 0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(window - 1))
                let phase = 2 * Double.pi * hertz * Double(start + index) / rate
                re += Double(samples[start + index]) * hann * cos(phase)
                im -= Double(samples[start + index]) * hann * sin(phase)
            }
            envelope.append((re * re + im * im).squareRoot())
            start += hop
        }
        guard let high = envelope.max(), let low = envelope.min() else { return (0, 0) }
        let mean = envelope.reduce(0, +) / Double(envelope.count)
        let centred = envelope.map { $0 - mean }
        let envelopeRate = rate / Double(hop)
        var best = (rate: 0.0, power: 0.0)
        for candidate in stride(from: 2.0, through: 40.0, by: 0.02) {
            var re = 0.0, im = 0.0
            for (index, value) in centred.enumerated() {
                re += value * cos(2 * Double.pi * candidate * Double(index) / envelopeRate)
                im += value * sin(2 * Double.pi * candidate * Double(index) / envelopeRate)
            }
            if re * re + im * im > best.power { best = (candidate, re * re + im * im) }
        }
        return (best.rate, (high - low) / max(mean, 1e-12))
    }
}

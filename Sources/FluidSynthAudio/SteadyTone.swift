import Foundation

/// The steady tone the intonation kinds sound on (`compare`, `pure`, `match`), whatever the
/// session's sound: a sine's exact pitch with harmonics, as a bowed string has them, and nothing
/// that moves. The cello's looped samples drift over a held note (by key, up to 12 c), so a
/// student tuning to the cello was judged against a pitch it did not keep; and a tempered interval
/// beats where a partial of one note meets a partial of the other (the fifth of the lower and the
/// fourth of the upper note of a major third), which a plain sine, having none, cannot.
enum SteadyTone {
    /// The partials' amplitudes, the fundamental first: 1/n, as a sawtooth's (a bowed string's
    /// spectrum), to the eighth (every partial the beats of the intervals within the octave need:
    /// a minor sixth's 8:5), none at or above 45 % of the sample rate; scaled so that the tone's
    /// peak is a sine's of the same amplitude (its mean square is then 2.6 dB under the sine's),
    /// so the mix keeps its headroom.
    static func partials(hertz: Double, sampleRate: Double) -> [Double] {
        byCount[max(1, min(8, Int((0.45 * sampleRate / hertz).rounded(.down)))) - 1]
    }

    /// The partials of one to eight harmonics, scaled once (each scaling reads 4,096 points).
    private static let byCount: [[Double]] = (1...8).map { count in
        let raw = (1...count).map { 1 / Double($0) }
        return raw.map { $0 / peak(raw) }
    }

    /// The largest value of the sum of `partials` over one period, read at 4,096 points.
    static func peak(_ partials: [Double]) -> Double {
        (0..<4096).map { step in
            let phase = 2 * Double.pi * Double(step) / 4096
            return abs(partials.enumerated().reduce(0) { $0 + $1.element * sin(Double($1.offset + 1) * phase) })
        }.max()!
    }
}

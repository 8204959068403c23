import MusicTheory

/// How prompts sound: note duration, the gap between notes, harmonic or melodic intervals, the
/// sound source and the loudness.
public struct PromptStyle: Sendable, Hashable {
    public var noteDuration: Double
    /// Seconds of silence between one note's end and the next one's start.
    public var gap: Double
    /// Sound an interval's two notes together instead of one after the other.
    public var harmonic: Bool
    public var source: SoundSource
    public var loudness: Loudness

    public init(noteDuration: Double = 1.0, gap: Double = 0.25, harmonic: Bool = false,
                source: SoundSource = .cello, loudness: Loudness = Loudness()) {
        precondition(noteDuration > 0 && gap >= 0, "a note lasts, a gap is not negative")
        self.noteDuration = noteDuration
        self.gap = gap
        self.harmonic = harmonic
        self.source = source
        self.loudness = loudness
    }
}

/// Turns exact frequencies into the tones of a prompt.
public enum Prompt {
    /// An interval: the root, then the target after the gap (or both at once when harmonic).
    public static func interval(root: Frequency, target: Frequency, style: PromptStyle, sampleRate: Double,
                                random: inout some RandomNumberGenerator) -> [Tone] {
        if style.harmonic {
            let frames = frameCount(style.noteDuration, sampleRate)
            return [root, target].map {
                Tone(frequency: $0, velocity: style.loudness.velocity(using: &random), source: style.source,
                     startFrame: 0, frameCount: frames)
            }
        }
        return sequence([root, target], style: style, sampleRate: sampleRate, random: &random)
    }

    /// Notes one after another, each lasting the note duration, separated by the gap: a scale, a
    /// model answer, or any list of notes.
    public static func sequence(_ frequencies: [Frequency], style: PromptStyle, sampleRate: Double,
                                random: inout some RandomNumberGenerator) -> [Tone] {
        let frames = frameCount(style.noteDuration, sampleRate)
        let step = frames + Int((style.gap * sampleRate).rounded())
        return frequencies.enumerated().map { index, frequency in
            Tone(frequency: frequency, velocity: style.loudness.velocity(using: &random), source: style.source,
                 startFrame: index * step, frameCount: frames)
        }
    }

    static func frameCount(_ seconds: Double, _ sampleRate: Double) -> Int {
        max(1, Int((seconds * sampleRate).rounded()))
    }
}

import Foundation
import MusicTheory
import Training

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

/// The tones a prompt sounds as: exact frequencies laid out in time by a `PromptStyle`.
public enum PromptTones {
    /// An interval: the root, then the target after the gap (or both at once when harmonic).
    public static func interval(root: Frequency, target: Frequency, style: PromptStyle, sampleRate: Double,
                                random: inout some RandomNumberGenerator) -> [Tone] {
        phrase([root, target], style: style, sampleRate: sampleRate, random: &random)
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

    /// Notes together when the style is harmonic, else one after another: one phrase of a prompt.
    /// Notes together sound as loud as one note (`chordVelocity`): a cadence is not louder than
    /// the degree after it, nor a chord than the note before it.
    public static func phrase(_ frequencies: [Frequency], style: PromptStyle, sampleRate: Double,
                              random: inout some RandomNumberGenerator) -> [Tone] {
        guard style.harmonic else { return sequence(frequencies, style: style, sampleRate: sampleRate, random: &random) }
        let frames = frameCount(style.noteDuration, sampleRate)
        return frequencies.map {
            Tone(frequency: $0, velocity: chordVelocity(style.loudness.velocity(using: &random), notes: frequencies.count),
                 source: style.source, startFrame: 0, frameCount: frames)
        }
    }

    /// The velocity of each of `count` notes sounding together, so that together they are as
    /// loud as one note at `velocity`: each note's power divided by their count. A note's
    /// amplitude follows (velocity / 127)² (FluidSynth's curve, which `SineLevel` follows), so
    /// the velocity is scaled by count^(−1/4): four voices at 100 sound at 71.
    static func chordVelocity(_ velocity: Int, notes count: Int) -> Int {
        max(1, Int((Double(velocity) * pow(Double(max(1, count)), -0.25)).rounded()))
    }

    /// Phrases one after another, the style's gap between them as between notes.
    public static func phrases(_ phrases: [(frequencies: [Frequency], together: Bool)], style: PromptStyle, sampleRate: Double,
                               random: inout some RandomNumberGenerator) -> [Tone] {
        self.phrases(phrases.map { (frequencies: $0.frequencies, together: $0.together, timing: []) }, style: style,
                     sampleRate: sampleRate, random: &random)
    }

    /// The same, a phrase with a `timing` (one per note) sounding its notes at those times, each
    /// for its own length: a count-in and a rhythm.
    public static func phrases(_ phrases: [(frequencies: [Frequency], together: Bool, timing: [NoteTime])], style: PromptStyle,
                               sampleRate: Double, random: inout some RandomNumberGenerator) -> [Tone] {
        var tones: [Tone] = []
        var start = 0
        for (frequencies, together, timing) in phrases {
            var phraseStyle = style
            phraseStyle.harmonic = together
            let phraseTones = timing.count == frequencies.count
                ? timed(frequencies, timing, style: style, sampleRate: sampleRate, random: &random)
                : phrase(frequencies, style: phraseStyle, sampleRate: sampleRate, random: &random)
            tones += phraseTones.map { $0.delayed(by: start) }
            start += (phraseTones.map(\.endFrame).max() ?? 0) + frameCount(style.gap, sampleRate)
        }
        return tones
    }

    /// Each note at its own start, for its own length.
    static func timed(_ frequencies: [Frequency], _ timing: [NoteTime], style: PromptStyle, sampleRate: Double,
                      random: inout some RandomNumberGenerator) -> [Tone] {
        zip(frequencies, timing).map { frequency, time in
            Tone(frequency: frequency, velocity: style.loudness.velocity(using: &random), source: style.source,
                 startFrame: Int((time.start * sampleRate).rounded()), frameCount: frameCount(time.length, sampleRate))
        }
    }

    static func frameCount(_ seconds: Double, _ sampleRate: Double) -> Int {
        max(1, Int((seconds * sampleRate).rounded()))
    }
}

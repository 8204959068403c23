import MusicTheory
import Training

/// One note to sound: at an exact frequency, for a number of frames, from a start frame counted
/// from the moment the tones are handed to the renderer.
public struct Tone: Sendable, Hashable {
    public let frequency: Frequency
    public let velocity: Int
    public let source: SoundSource
    public let startFrame: Int
    public let frameCount: Int
    /// Sounded on the steady tone with harmonics (`SteadyTone`) whatever the source.
    public private(set) var steady = false
    /// A click (`SoundPhrase.clicks`): a sine whatever the source, `Tone.clickAbove` dB louder
    /// than a note at this frequency sounds (the phrase's pitch); nil for a note.
    public private(set) var clickOver: Frequency?

    /// How much louder a click is than the notes it counts in: 2–3 dB, heard above them.
    public static let clickAbove = 2.5

    public init(frequency: Frequency, velocity: Int, source: SoundSource, startFrame: Int, frameCount: Int) {
        precondition((1...127).contains(velocity), "velocity must be 1...127")
        precondition(startFrame >= 0 && frameCount > 0, "a tone starts at or after now and lasts")
        self.frequency = frequency
        self.velocity = velocity
        self.source = source
        self.startFrame = startFrame
        self.frameCount = frameCount
    }

    /// The frame just after the tone's note-off.
    public var endFrame: Int { startFrame + frameCount }

    /// The same tone, `frames` later.
    public func delayed(by frames: Int) -> Tone {
        var later = Tone(frequency: frequency, velocity: velocity, source: source, startFrame: startFrame + frames, frameCount: frameCount)
        later.steady = steady
        later.clickOver = clickOver
        return later
    }

    /// The same tone as a click, louder than a note at `reference` sounds.
    public func clicked(over reference: Frequency) -> Tone {
        var copy = self
        copy.clickOver = reference
        return copy
    }

    /// The same tone on the steady tone with harmonics.
    public func steadied() -> Tone {
        var copy = self
        copy.steady = true
        return copy
    }
}

import MusicTheory
import ProcessTestSupport
import Testing
import Training

@testable import FluidSynthAudio

/// Where each tone of a prompt starts: notes and phrases one after another with the gap between,
/// a harmonic phrase's notes at once.
@Suite("Prompt timing", .cpuHeavy)
struct PromptTimingTests {
    let a3 = Frequency(hertz: 220), e4 = Frequency(hertz: 330), d3 = Frequency(hertz: 146.83)
    let style = PromptStyle(noteDuration: 0.5, gap: 0.25, source: .sine)

    @Test("a model answer and the next root: each note 0.5 s, 0.25 s apart, the phrases too")
    func phrasesInSequence() {
        var random = SeededRandom(seed: 1)
        let tones = PromptTones.phrases([([a3, e4], false), ([d3], false)], style: style, sampleRate: 1000, random: &random)
        #expect(tones.map(\.startFrame) == [0, 750, 1500])
        #expect(tones.allSatisfy { $0.frameCount == 500 })
        #expect(tones.map(\.frequency) == [a3, e4, d3])
    }

    @Test("a harmonic phrase sounds its notes at once; what follows waits for its end and the gap")
    func harmonicPhrase() {
        var random = SeededRandom(seed: 1)
        let tones = PromptTones.phrases([([a3, e4], true), ([d3], false)], style: style, sampleRate: 1000, random: &random)
        #expect(tones.map(\.startFrame) == [0, 0, 750])
        #expect(tones.map(\.velocity) == [84, 84, 100], "two notes together as loud as one: each 100 × 2^(−1/4)")
        let chord = PromptTones.phrases([([a3, e4, d3, a3], true)], style: style, sampleRate: 1000, random: &random)
        #expect(chord.allSatisfy { $0.velocity == 71 }, "four voices at 71: their power sums to one note's at 100")
    }

    @Test("a timed phrase sounds each note at its own start for its own length; the next phrase waits for its end and the gap")
    func timedPhrase() {
        var random = SeededRandom(seed: 1)
        let timing = [NoteTime(start: 0, length: 0.1), NoteTime(start: 0.375, length: 0.3), NoteTime(start: 0.75, length: 0.6)]
        let tones = PromptTones.phrases([(frequencies: [a3, a3, a3], together: false, timing: timing), (frequencies: [d3], together: false, timing: [])],
                                        style: style, sampleRate: 1000, random: &random)
        #expect(tones.map(\.startFrame) == [0, 375, 750, 1600])
        #expect(tones.map(\.frameCount) == [100, 300, 600, 500])
        let phrase = SoundPhrase([MIDINote(57), MIDINote(57), MIDINote(57)], timing: timing)
        let sounding = [phrase].soundingTime(TrainingSettings(noteDuration: .milliseconds(500), promptGap: .milliseconds(250)))
        #expect(abs(sounding.seconds - 1.6) < 1e-6, "what comes after a rhythm is laid out from its end")
    }
}

import Foundation
import ProcessTestSupport
import Testing
import MusicTheory
@testable import FluidSynthAudio
import Training

/// Every chord quality in just intonation as a prompt sounds it (`TunedNotes.phrase`, the keys a
/// chord question sounds, tuned against its root), rendered with the sine offline: each tone's
/// measured ratio to the measured root is the pure interval of its spelling, to 0.1 cent.
@Suite(.cpuHeavy) struct JustChordPitchTests {
    /// The ratios above the root, written out from the rule (each tone a pure third above the one
    /// below it, 5/4 or 6/5 as spelled), independent of `ChordQuality.justProportions`.
    static let pureRatios: [ChordQuality: [Double]] = [
        .major: [5.0 / 4, 3.0 / 2], .minor: [6.0 / 5, 3.0 / 2],
        .diminished: [6.0 / 5, 36.0 / 25], .augmented: [5.0 / 4, 25.0 / 16],
        .sus2: [9.0 / 8, 3.0 / 2], .sus4: [4.0 / 3, 3.0 / 2],
        .maj7: [5.0 / 4, 3.0 / 2, 15.0 / 8], .dominant7: [5.0 / 4, 3.0 / 2, 9.0 / 5],
        .minor7: [6.0 / 5, 3.0 / 2, 9.0 / 5], .halfDiminished7: [6.0 / 5, 36.0 / 25, 9.0 / 5],
        .diminished7: [6.0 / 5, 36.0 / 25, 216.0 / 125],
    ]
    /// C3, E♭3, F♯3, A3 and C4: roots on every side of the keyboard's black and white keys.
    static let roots = [48, 51, 54, 57, 60].map { MIDINote($0) }

    @Test("Each just chord quality is pure to 0.1 cent on several roots (sine)", arguments: ChordQuality.allCases)
    func pureChord(quality: ChordQuality) throws {
        let renderer = ToneRenderer(cello: nil, tuner: nil, sampleRate: Support.sampleRate, stopFrames: 128)
        var worst = 0.0, bySemitoneWorst = 0.0
        for root in Self.roots {
            let keys = Chord(root: root.spelled.name, quality: quality).midiNotes(rootNote: root)
            let tuned = TunedNotes.phrase(keys, together: true, root: root, tuning: .justIntonation, reference: .standard)
            let measured = tuned.map { $0.shifted(byCents: Support.centsOff(renderer, $0, source: .sine)) }
            for (index, ratio) in try #require(Self.pureRatios[quality]).enumerated() {
                let pure = 1200 * log2(ratio)
                let error = measured[index + 1].cents(above: measured[0]) - pure
                #expect(abs(error) <= 0.1, "\(quality) on \(root), tone \(index + 2): \(error) c")
                worst = max(worst, abs(error))
                // What a tone tuned by its semitones alone (as keys are) would be off by.
                let bySemitone = TuningSystem.justIntonation.frequency(of: keys[index + 1], root: root).cents(above: Frequency(root))
                bySemitoneWorst = max(bySemitoneWorst, abs(bySemitone - pure))
            }
        }
        #expect(renderer.takeErrors().isEmpty)
        print(String(format: "just %@: worst %.4f c from pure (by semitone alone: %.1f c)", quality.rawValue, worst, bySemitoneWorst))
    }

    @Test("A phrase's notes moved by cents sound moved by exactly that many (sine), the others where they were")
    func centsOffsets() throws {
        let renderer = ToneRenderer(cello: nil, tuner: nil, sampleRate: Support.sampleRate, stopFrames: 128)
        let c3 = MIDINote(48), g3 = MIDINote(55)
        let plain = TunedNotes.phrase([c3, g3], together: false, root: c3, tuning: .justIntonation, reference: .standard)
        for offsets in [[0, 3.0], [-0.4], [0, -17.5, 99]] {
            let moved = TunedNotes.phrase([c3, g3], together: false, root: c3, tuning: .justIntonation, reference: .standard, cents: offsets)
            for index in 0..<2 {
                let asked = offsets.indices.contains(index) ? offsets[index] : 0
                let measured = moved[index].shifted(byCents: Support.centsOff(renderer, moved[index], source: .sine))
                #expect(abs(measured.cents(above: plain[index]) - asked) <= 0.1, "note \(index) of \(offsets): \(measured.cents(above: plain[index])) c")
            }
        }
        #expect(renderer.takeErrors().isEmpty)
    }

    @Test("A phrase that is no chord, or a chord sounded together on another root, is tuned as before or from its bass")
    func phraseReadings() {
        let c4 = MIDINote(60)
        // An interval together: note by note against the root.
        let fifth = TunedNotes.phrase([c4, MIDINote(67)], together: true, root: c4, tuning: .justIntonation, reference: .standard)
        #expect(abs(fifth[1].cents(above: fifth[0]) - 1200 * log2(1.5)) < 1e-9)
        // A cadence's IV (F3 · C4 F4 A4) against the tonic C4: F3 is 2/3 of C4, A4 a pure third above F.
        let four = TunedNotes.phrase([53, 60, 65, 69].map { MIDINote($0) }, together: true, root: c4, tuning: .justIntonation, reference: .standard)
        #expect(abs(four[0].hertz / Frequency(c4).hertz - 2.0 / 3) < 1e-12)
        #expect(abs(four[3].hertz / four[2].hertz - 5.0 / 4) < 1e-12)
        // An arpeggio on the root is tuned as its chord: C E G♯ one after the other.
        let arpeggio = TunedNotes.phrase([60, 64, 68].map { MIDINote($0) }, together: false, root: c4, tuning: .justIntonation, reference: .standard)
        #expect(abs(arpeggio[2].hertz / arpeggio[0].hertz - 25.0 / 16) < 1e-12)
        // Notes one after the other that are a chord on another root stay tuned against the root.
        let melody = TunedNotes.phrase([62, 65, 69].map { MIDINote($0) }, together: false, root: c4, tuning: .justIntonation, reference: .standard)
        #expect(melody == [62, 65, 69].map { TuningSystem.justIntonation.frequency(of: MIDINote($0), root: c4) })
    }
}

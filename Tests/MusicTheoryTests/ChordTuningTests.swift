import Testing

@testable import MusicTheory

/// Chord tones tuned: just intonation in exact proportions, equal temperament 2^(n/12),
/// Pythagorean by fifths.
struct ChordTuningTests {
    static func relativelyEqual(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * abs(b) }

    @Test("just intonation: every quality's tones are its proportions above the root", arguments: ChordQuality.allCases)
    func justProportions(quality: ChordQuality) throws {
        let chord = Chord(root: NoteName(.e, .flat), quality: quality)
        let root = Frequency(hertz: 155.5)
        let tones = try TuningSystem.justIntonation.frequencies(of: chord, rootFrequency: root)
        let proportions = quality.justProportions
        for (tone, proportion) in zip(tones, proportions) {
            #expect(Self.relativelyEqual(tone.hertz / root.hertz, Double(proportion) / Double(proportions[0])))
        }
        // The proportions lie within an octave, in the order of the tones, near equal temperament.
        for (proportion, semitones) in zip(proportions, quality.semitones) {
            let cents = 1200 * log2(Double(proportion) / Double(proportions[0]))
            #expect(abs(cents - Double(semitones) * 100) < 50, "\(quality) tone \(semitones)")
        }
    }

    @Test("keys tuned as a chord are its spelled tones, in every tuning, any voicing", arguments: TuningSystem.allCases)
    func keysAsSpelled(tuning: TuningSystem) throws {
        for quality in ChordQuality.allCases {
            for name in PitchClass.allCases.map(\.preferredName) {
                let chord = Chord(root: name, quality: quality)
                let root = SpelledNote(name, octave: 3)
                let rootFrequency = Frequency(hertz: 150)
                let spelled = try chord.notes(from: root, inversion: 1)
                let keys = spelled.map { MIDINote($0.midiNumber) }
                let byKeys = tuning.frequencies(ofKeys: keys, quality: quality, rootKey: MIDINote(root.midiNumber), rootFrequency: rootFrequency)
                let bySpelling = tuning.frequencies(of: spelled, chord: chord, root: root, rootFrequency: rootFrequency)
                #expect(zip(byKeys, bySpelling).allSatisfy { Self.relativelyEqual($0.hertz, $1.hertz) }, "\(chord) \(tuning)")
            }
        }
    }

    @Test("every cadence chord is beatless in just intonation, in any inversion", arguments: Key.Quality.allCases)
    func beatlessCadence(quality: Key.Quality) throws {
        for tonic in PitchClass.allCases.map(\.preferredName) {
            let tonicNote = SpelledNote(tonic, octave: 4)
            let cadence = try Key(tonic: tonic, quality: quality).cadence(tonic: tonicNote)
            let tuned = TuningSystem.justIntonation.frequencies(of: cadence, tonic: tonicNote)
            for (voiced, frequencies) in zip(cadence, tuned) {
                let proportions = voiced.chord.quality.justProportions
                let unit = frequencies[0].hertz / Double(proportions[0])  // the bass is the root
                for frequency in frequencies {
                    // A whole multiple of the unit, times a power of two: beatless.
                    let multiple = frequency.hertz / unit
                    let octaves = log2(multiple / Double(proportions[0])).rounded(.down)
                    let reduced = multiple / exp2(octaves)
                    #expect(proportions.contains { Self.relativelyEqual(reduced, Double($0)) }, "\(voiced.chord) \(multiple)")
                }
            }
            // The chord roots are just above the tonic: IV a 4/3 below-octave (2/3), V 3/4.
            #expect(Self.relativelyEqual(tuned[1][0].hertz / tuned[0][0].hertz, 4.0 / 3))
            #expect(Self.relativelyEqual(tuned[2][0].hertz / tuned[0][0].hertz, 3.0 / 2))
        }
    }

    @Test("equal temperament is 2^(n/12) from the reference")
    func equalTemperament() throws {
        let tonic = SpelledNote(NoteName(.d), octave: 4)
        let cadence = try Key(tonic: NoteName(.d), quality: .minor).cadence(tonic: tonic)
        let tuned = TuningSystem.equalTemperament.frequencies(of: cadence, tonic: tonic)
        for (voiced, frequencies) in zip(cadence, tuned) {
            for (note, frequency) in zip(voiced.notes, frequencies) {
                #expect(Self.relativelyEqual(frequency.hertz, 440 * exp2(Double(note.midiNumber - 69) / 12)))
            }
        }
    }

    @Test("Pythagorean: the major third is 81/64, the fifth 3/2, the minor third 32/27")
    func pythagorean() throws {
        let root = Frequency(hertz: 200)
        let major = try TuningSystem.pythagorean.frequencies(of: Chord(root: NoteName(.c), quality: .major), rootFrequency: root)
        #expect(Self.relativelyEqual(major[1].hertz, 200 * 81 / 64))
        #expect(Self.relativelyEqual(major[2].hertz, 300))
        let minor = try TuningSystem.pythagorean.frequencies(of: Chord(root: NoteName(.a), quality: .minor), rootFrequency: root)
        #expect(Self.relativelyEqual(minor[1].hertz, 200 * 32 / 27))
    }
}

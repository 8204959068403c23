import Testing

@testable import MusicTheory

/// Chord spelling against music21's table, symbols, voicings, recognition and matching.
struct ChordTests {
    @Test("every quality from every root matches music21's table", arguments: music21Chords.map { $0 })
    func matchesMusic21(entry: (quality: String, root: String, tones: String)) throws {
        let chord = Chord(root: try NoteName(parsing: entry.root), quality: try ChordQuality(choosing: entry.quality))
        let reference = entry.tones.split(separator: " ").map(String.init)
        if reference.contains(where: { $0.contains("###") || $0.contains("bbb") }) {
            #expect(throws: TheoryError.self) { try chord.tones() }
        } else {
            #expect(try chord.tones().map(\.description) == reference, "\(entry.root) \(entry.quality)")
        }
    }

    @Test("the table covers every quality from 21 roots")
    func tableIsComplete() {
        #expect(Set(music21Chords.map(\.quality)) == Set(ChordQuality.names))
        #expect(music21Chords.count == ChordQuality.allCases.count * 21)
    }

    @Test("symbols and names")
    func symbols() {
        let c = NoteName(.c)
        let symbols = ChordQuality.allCases.map { Chord(root: c, quality: $0).symbol }
        #expect(symbols == ["C", "Cm", "C°", "C+", "Csus2", "Csus4", "Cmaj7", "C7", "Cm7", "Cø7", "C°7"])
        #expect(Chord(root: c, quality: .minor).name == "C minor")
        #expect(Chord(root: NoteName(.e, .flat), quality: .dominant7).name == "Eb dominant seventh")
        #expect(ChordQuality.names == ["major", "minor", "diminished", "augmented", "sus2", "sus4", "maj7", "dom7", "m7", "m7b5", "dim7"])
    }

    @Test("close voicings and inversions from a root key")
    func voicings() throws {
        let cMinor = Chord(root: NoteName(.c), quality: .minor)
        #expect(cMinor.midiNotes(rootNote: MIDINote(60)).map(\.rawValue) == [60, 63, 67])
        #expect(cMinor.midiNotes(rootNote: MIDINote(60), inversion: 1).map(\.rawValue) == [63, 67, 72])
        #expect(cMinor.midiNotes(rootNote: MIDINote(60), inversion: 2).map(\.rawValue) == [67, 72, 75])
        let g7 = Chord(root: NoteName(.g), quality: .dominant7)
        let notes = try g7.notes(from: SpelledNote(NoteName(.g), octave: 3), inversion: 3)
        #expect(notes.map(\.description) == ["F4", "G4", "B4", "D5"])
        #expect(notes.map(\.midiNumber) == g7.midiNotes(rootNote: MIDINote(55), inversion: 3).map(\.rawValue))
    }

    /// Every quality from every pitch class, in every inversion, spread over octaves with doublings.
    @Test("recognition finds the chord in any voicing", arguments: ChordQuality.allCases)
    func recognizesEveryVoicing(quality: ChordQuality) {
        for root in PitchClass.allCases {
            let chord = Chord(root: root.preferredName, quality: quality)
            let expected = RecognizedChord(root: root, quality: quality)
            for inversion in 0..<quality.intervals.count {
                let close = chord.midiNotes(rootNote: MIDINote(48 + root.rawValue), inversion: inversion)
                let spread = [close[0].transposed(bySemitones: -12)] + close + [close.last!.transposed(bySemitones: 12)]
                for voicing in [close, spread, close.reversed()] {
                    let found = Chord.recognize(Array(voicing))
                    #expect(found.contains(expected), "\(chord.symbol) inversion \(inversion)")
                    let bass = voicing.min()!.pitchClass
                    if found.contains(where: { $0.root == bass }) {
                        #expect(found.first?.root == bass, "the bass's chord first")
                    }
                    if inversion == 0 { #expect(found.first == expected, "\(chord.symbol) root position") }
                    #expect(chord.matchesLoosely(Array(voicing)))
                }
            }
        }
    }

    @Test("symmetric sets name every root that fits, the bass first")
    func ambiguousSets() {
        let augmented = Chord.recognize([64, 68, 72].map { MIDINote($0) })  // E G# C
        #expect(augmented.map(\.root.rawValue) == [4, 8, 0] && augmented.allSatisfy { $0.quality == .augmented })
        let diminished7 = Chord.recognize([62, 65, 68, 71].map { MIDINote($0) })  // D F Ab B
        #expect(diminished7.map(\.root.rawValue) == [2, 5, 8, 11] && diminished7.allSatisfy { $0.quality == .diminished7 })
        // C E G A: C6 is not in the list, Am7 is.
        #expect(Chord.recognize([60, 64, 67, 69].map { MIDINote($0) }) == [RecognizedChord(root: PitchClass(9), quality: .minor7)])
        // sus2 and sus4 share sets: C D G is Csus2 and Gsus4.
        #expect(Chord.recognize([60, 62, 67].map { MIDINote($0) })
            == [RecognizedChord(root: PitchClass(0), quality: .sus2), RecognizedChord(root: PitchClass(7), quality: .sus4)])
    }

    @Test("sets that are no chord we know give nothing")
    func unknownSets() {
        for set in [[Int](), [60], [60, 67], [60, 61, 62], [60, 64, 67, 70, 74], [60, 64, 68, 71], [60, 66, 67]] {
            #expect(Chord.recognize(set.map { MIDINote($0) }).isEmpty, "\(set)")
        }
        #expect(!Chord(root: NoteName(.c), quality: .augmented).matchesLoosely([60, 64, 67].map { MIDINote($0) }))
    }

    @Test("strict matching wants the exact keys; loose matching the pitch classes and root")
    func matching() {
        let c = Chord(root: NoteName(.c), quality: .major)
        let expected = c.midiNotes(rootNote: MIDINote(60))
        #expect(Chord.matchesStrictly(expected.reversed(), expected: expected))
        #expect(!Chord.matchesStrictly([64, 67, 72].map { MIDINote($0) }, expected: expected))
        #expect(!Chord.matchesStrictly([60, 64, 67, 72].map { MIDINote($0) }, expected: expected))
        #expect(c.matchesLoosely([64, 67, 72, 48].map { MIDINote($0) }))
        #expect(!c.matchesLoosely([60, 63, 67].map { MIDINote($0) }))
        #expect(Chord(root: NoteName(.a), quality: .minor7).matchesLoosely([60, 64, 67, 69].map { MIDINote($0) }))
    }
}

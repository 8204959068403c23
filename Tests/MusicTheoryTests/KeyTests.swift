import Testing

@testable import MusicTheory

/// Keys: degrees, the cadence's chords and voicing, and the resolutions.
struct KeyTests {
    @Test("degrees of major and minor keys; minor takes harmonic minor's leading tone")
    func degrees() throws {
        #expect(try Key(tonic: NoteName(.e, .flat), quality: .major).degrees().map(\.description)
            == ["Eb", "F", "G", "Ab", "Bb", "C", "D"])
        #expect(try Key(tonic: NoteName(.a), quality: .minor).degrees().map(\.description)
            == ["A", "B", "C", "D", "E", "F", "G#"])
        #expect(try Key(tonic: NoteName(.g, .sharp), quality: .minor).degrees().last?.description == "F##")
    }

    @Test("the cadence's chords: I IV V I, i iv V i", arguments: Key.Quality.allCases)
    func cadenceChords(quality: Key.Quality) throws {
        for tonic in PitchClass.allCases.map(\.preferredName) {
            let key = Key(tonic: tonic, quality: quality)
            let cadence = try key.cadence(tonic: SpelledNote(tonic, octave: 4))
            let minor = quality == .minor
            #expect(cadence.map(\.chord.quality) == (minor ? [.minor, .minor, .major, .minor] : [.major, .major, .major, .major]))
            let degrees = try key.degrees()
            #expect(cadence.map(\.chord.root) == [degrees[0], degrees[3], degrees[4], degrees[0]])
            for voiced in cadence {
                // Bass is the root; the notes are the chord's tones, each an octave or less apart above.
                let tones = try voiced.chord.tones()
                #expect(voiced.bass.name == voiced.chord.root)
                #expect(Set(voiced.notes.map(\.name)) == Set(tones), "\(key) \(voiced.chord)")
                #expect(zip(voiced.notes, voiced.notes.dropFirst()).allSatisfy { $0.midiNumber < $1.midiNumber })
                #expect(voiced.notes.last!.midiNumber - voiced.notes[1].midiNumber < 12, "close upper voices")
                #expect(Chord.recognize(voiced.notes.map { MIDINote($0.midiNumber) }).first
                    == RecognizedChord(root: voiced.chord.root.pitchClass, quality: voiced.chord.quality))
            }
            // Smooth: no upper voice moves more than a minor third between chords (F4 to D4 in IV to V).
            for (from, to) in zip(cadence, cadence.dropFirst()) {
                for voice in 1...3 {
                    #expect(abs(from.notes[voice].midiNumber - to.notes[voice].midiNumber) <= 3)
                }
            }
        }
    }

    @Test("C major cadence from C4, note for note")
    func cMajorCadence() throws {
        let cadence = try Key(tonic: NoteName(.c), quality: .major).cadence(tonic: SpelledNote(NoteName(.c), octave: 4))
        #expect(cadence.map { $0.notes.map(\.description).joined(separator: " ") }
            == ["C3 C4 E4 G4", "F3 C4 F4 A4", "G3 B3 D4 G4", "C3 C4 E4 G4"])
        let cMinor = try Key(tonic: NoteName(.c), quality: .minor).cadence(tonic: SpelledNote(NoteName(.c), octave: 4))
        #expect(cMinor[1].notes.map(\.description) == ["F3", "C4", "F4", "Ab4"])
        #expect(cMinor[2].notes.map(\.description) == ["G3", "B3", "D4", "G4"])
    }

    @Test("resolutions: 1-4 fall to the tonic, 5-7 rise to its octave; in minor 5 and 6 through the natural seventh")
    func resolutions() throws {
        #expect((1...7).map(Key.resolution(ofDegree:))
            == [[1], [2, 1], [3, 2, 1], [4, 3, 2, 1], [5, 6, 7, 8], [6, 7, 8], [7, 8]])
        let key = Key(tonic: NoteName(.a), quality: .minor)
        let tonic = SpelledNote(NoteName(.a), octave: 3)
        #expect(try key.resolution(ofDegree: 6, tonic: tonic).map(\.description) == ["F4", "G4", "A4"])
        #expect(try key.resolution(ofDegree: 5, tonic: tonic).map(\.description) == ["E4", "F4", "G4", "A4"])
        #expect(try key.resolution(ofDegree: 7, tonic: tonic).map(\.description) == ["G#4", "A4"], "the leading tone rises")
        let major = Key(tonic: NoteName(.c), quality: .major)
        #expect(try major.resolution(ofDegree: 5, tonic: SpelledNote(NoteName(.c), octave: 4)).map(\.description) == ["G4", "A4", "B4", "C5"])
        #expect(try key.resolution(ofDegree: 4, tonic: tonic).map(\.description) == ["D4", "C4", "B3", "A3"])
    }
}

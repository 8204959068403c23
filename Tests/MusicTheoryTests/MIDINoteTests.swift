import Foundation
import Testing

@testable import MusicTheory

@Suite("MIDINote")
struct MIDINoteTests {
    @Test("names in scientific pitch notation parse to the right MIDI numbers", arguments: [
        ("C4", 60), ("A4", 69), ("Eb3", 51), ("F#2", 42), ("Bbb1", 33), ("C##4", 62), ("B#3", 60),
        ("Cb4", 59), ("C-1", 0), ("G9", 127), ("E2", 40), ("C2", 36), ("C5", 72), ("60", 60), ("0", 0),
        ("127", 127), ("E♭3", 51), ("F♯2", 42), ("Fx2", 43),
    ])
    func parses(text: String, number: Int) throws {
        #expect(try MIDINote(parsing: text).rawValue == number)
    }

    @Test("every MIDI note prints a name that parses back to itself")
    func printsAndParsesBack() throws {
        for number in 0...127 {
            let note = MIDINote(number)
            #expect(try MIDINote(parsing: note.description) == note)
        }
    }

    @Test("printing uses the preferred spelling of each pitch class", arguments: [
        (60, "C4"), (61, "Db4"), (63, "Eb4"), (66, "F#4"), (68, "Ab4"), (70, "Bb4"), (0, "C-1"), (127, "G9"),
        (40, "E2"),
    ])
    func prints(number: Int, name: String) {
        #expect(MIDINote(number).description == name)
    }

    @Test("outside input beyond 0...127 throws, naming the range", arguments: [-1, 128, 1000, Int.min, Int.max])
    func validatingThrows(number: Int) {
        #expect(throws: TheoryError.midiNoteOutOfRange(number)) { try MIDINote(validating: number) }
    }

    @Test("names that are not notes or lie outside the MIDI range throw", arguments: [
        "", "H4", "C", "C#", "Cbbb4", "C###4", "C4x", "4C", "C 4", "Cb-1", "G#9", "C100", "128", "-1", "C4.5",
        "Eb 3", "ｃ4",
    ])
    func invalidNamesThrow(text: String) {
        #expect(throws: TheoryError.self) { try MIDINote(parsing: text) }
    }

    @Test("transposing by an interval adds its semitones (C4 + P5 = G4)")
    func transposes() {
        #expect(MIDINote(60).transposed(by: .perfectFifth) == MIDINote(67))
        #expect(MIDINote(60).transposed(by: .prime) == MIDINote(60))
        #expect(MIDINote(115).transposed(by: .octave) == MIDINote(127))
        #expect(MIDINote(60).transposed(bySemitones: -12) == MIDINote(48))
    }

    @Test("pitch class and octave follow C4 = 60")
    func pitchClassAndOctave() {
        #expect(MIDINote(60).pitchClass == PitchClass(0))
        #expect(MIDINote(60).octave == 4)
        #expect(MIDINote(59).octave == 3)
        #expect(MIDINote(0).octave == -1)
        #expect(MIDINote(71).pitchClass == PitchClass(11))
    }

    @Test("Codable encodes the number and refuses numbers outside the range")
    func codable() throws {
        let data = try JSONEncoder().encode([MIDINote(60)])
        #expect(String(decoding: data, as: UTF8.self) == "[60]")
        #expect(try JSONDecoder().decode([MIDINote].self, from: data) == [MIDINote(60)])
        #expect(throws: (any Error).self) { try JSONDecoder().decode([MIDINote].self, from: Data("[128]".utf8)) }
    }
}

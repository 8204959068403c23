import Foundation
import Testing

@testable import MusicTheory

@Suite("PitchClass")
struct PitchClassTests {
    @Test("a pitch class parses given either way", arguments: [
        ("C#/Db", 1), ("Db/C#", 1), ("Db", 1), ("C#", 1), ("C", 0), ("B#", 0), ("Fb", 4), ("E#", 5),
        ("A#/Bb", 10), ("G#/Ab", 8), ("F#/Gb", 6), ("D#/Eb", 3), ("Cb", 11), ("c#", 1), ("Ebb", 2),
    ])
    func parses(text: String, value: Int) throws {
        #expect(try PitchClass(parsing: text) == PitchClass(value))
    }

    @Test("names that disagree or are not names throw", arguments: [
        "", "/", "C#/", "/Db", "C#/D", "C/Db/C#", "H", "C#4", "Do", "C# ", "C#//Db",
    ])
    func invalidThrows(text: String) {
        #expect(throws: TheoryError.self) { try PitchClass(parsing: text) }
    }

    @Test("labels are the answer buttons' labels")
    func labels() {
        #expect(PitchClass.allCases.map(\.label) == [
            "C", "C#/Db", "D", "D#/Eb", "E", "F", "F#/Gb", "G", "G#/Ab", "A", "A#/Bb", "B",
        ])
    }

    @Test("the preferred name is the one whose major scale has fewer accidentals")
    func preferredNames() {
        #expect(PitchClass.allCases.map(\.preferredName.description) == [
            "C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B",
        ])
    }

    @Test("every label parses back to its pitch class")
    func labelsParseBack() throws {
        for pitchClass in PitchClass.allCases {
            #expect(try PitchClass(parsing: pitchClass.label) == pitchClass)
        }
    }
}

import Testing

@testable import MusicTheory

@Suite("RootNote")
struct RootNoteTests {
    @Test("roots parse as bare pitch classes, spelled names, notes with octaves or MIDI numbers", arguments: [
        ("C#/Db", 1, nil, nil), ("Db", 1, "Db", nil), ("C#", 1, "C#", nil), ("Eb3", 3, "Eb", 51),
        ("60", 0, nil, 60), ("C#/Db3", 1, nil, 49), ("B#3", 0, "B#", 60), ("Cb4", 11, "Cb", 59), ("C-1", 0, "C", 0),
    ] as [(String, Int, String?, Int?)])
    func parses(text: String, pitchClass: Int, spelling: String?, midi: Int?) throws {
        let root = try RootNote(parsing: text)
        #expect(root.pitchClass == PitchClass(pitchClass))
        #expect(root.spelling?.description == spelling)
        #expect(root.midiNote?.rawValue == midi)
    }

    @Test("bad roots throw", arguments: ["", "H", "C#/D", "Eb3x", "128", "C#4/Db", "Cb-1", "G#9", "-", "3-"])
    func invalid(text: String) {
        #expect(throws: TheoryError.self) { try RootNote(parsing: text) }
    }

    @Test("a bare root takes the scale spelling with fewer accidentals; a spelled one keeps its own")
    func scaleSpelling() throws {
        #expect(try RootNote(parsing: "C#/Db").scale(.ionian).root.description == "Db")
        #expect(try RootNote(parsing: "61").scale(.ionian).root.description == "Db")
        #expect(try RootNote(parsing: "C#/Db").scale(.dorian).root.description == "C#")
        #expect(try RootNote(parsing: "C#").scale(.ionian).root.description == "C#")
    }

    @Test("the root note keeps its exact pitch whatever the spelling")
    func exactPitch() throws {
        let root = try RootNote(parsing: "60")
        #expect(root.note(spelled: try NoteName(parsing: "B#"), defaultOctave: 2).description == "B#3")
        #expect(try RootNote(parsing: "Eb").note(defaultOctave: 2).description == "Eb2")
    }
}

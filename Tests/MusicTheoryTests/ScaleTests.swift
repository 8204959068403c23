import Foundation
import Testing

@testable import MusicTheory

/// All 84 scales from a bare pitch class, spelled with fewer accidentals. Generated once by an
/// independent walk over semitones and letters (no line of fifths), then checked by eye.
let expectedScales: [(pitchClass: Int, mode: String, notes: String, steps: String)] = [
    (0, "ionian", "C D E F G A B C", "W-W-H-W-W-W-H"),
    (0, "dorian", "C D Eb F G A Bb C", "W-H-W-W-W-H-W"),
    (0, "phrygian", "C Db Eb F G Ab Bb C", "H-W-W-W-H-W-W"),
    (0, "lydian", "C D E F# G A B C", "W-W-W-H-W-W-H"),
    (0, "mixolydian", "C D E F G A Bb C", "W-W-H-W-W-H-W"),
    (0, "aeolian", "C D Eb F G Ab Bb C", "W-H-W-W-H-W-W"),
    (0, "locrian", "C Db Eb F Gb Ab Bb C", "H-W-W-H-W-W-W"),
    (1, "ionian", "Db Eb F Gb Ab Bb C Db", "W-W-H-W-W-W-H"),
    (1, "dorian", "C# D# E F# G# A# B C#", "W-H-W-W-W-H-W"),
    (1, "phrygian", "C# D E F# G# A B C#", "H-W-W-W-H-W-W"),
    (1, "lydian", "Db Eb F G Ab Bb C Db", "W-W-W-H-W-W-H"),
    (1, "mixolydian", "C# D# E# F# G# A# B C#", "W-W-H-W-W-H-W"),
    (1, "aeolian", "C# D# E F# G# A B C#", "W-H-W-W-H-W-W"),
    (1, "locrian", "C# D E F# G A B C#", "H-W-W-H-W-W-W"),
    (2, "ionian", "D E F# G A B C# D", "W-W-H-W-W-W-H"),
    (2, "dorian", "D E F G A B C D", "W-H-W-W-W-H-W"),
    (2, "phrygian", "D Eb F G A Bb C D", "H-W-W-W-H-W-W"),
    (2, "lydian", "D E F# G# A B C# D", "W-W-W-H-W-W-H"),
    (2, "mixolydian", "D E F# G A B C D", "W-W-H-W-W-H-W"),
    (2, "aeolian", "D E F G A Bb C D", "W-H-W-W-H-W-W"),
    (2, "locrian", "D Eb F G Ab Bb C D", "H-W-W-H-W-W-W"),
    (3, "ionian", "Eb F G Ab Bb C D Eb", "W-W-H-W-W-W-H"),
    (3, "dorian", "Eb F Gb Ab Bb C Db Eb", "W-H-W-W-W-H-W"),
    (3, "phrygian", "D# E F# G# A# B C# D#", "H-W-W-W-H-W-W"),
    (3, "lydian", "Eb F G A Bb C D Eb", "W-W-W-H-W-W-H"),
    (3, "mixolydian", "Eb F G Ab Bb C Db Eb", "W-W-H-W-W-H-W"),
    (3, "aeolian", "D# E# F# G# A# B C# D#", "W-H-W-W-H-W-W"),
    (3, "locrian", "D# E F# G# A B C# D#", "H-W-W-H-W-W-W"),
    (4, "ionian", "E F# G# A B C# D# E", "W-W-H-W-W-W-H"),
    (4, "dorian", "E F# G A B C# D E", "W-H-W-W-W-H-W"),
    (4, "phrygian", "E F G A B C D E", "H-W-W-W-H-W-W"),
    (4, "lydian", "E F# G# A# B C# D# E", "W-W-W-H-W-W-H"),
    (4, "mixolydian", "E F# G# A B C# D E", "W-W-H-W-W-H-W"),
    (4, "aeolian", "E F# G A B C D E", "W-H-W-W-H-W-W"),
    (4, "locrian", "E F G A Bb C D E", "H-W-W-H-W-W-W"),
    (5, "ionian", "F G A Bb C D E F", "W-W-H-W-W-W-H"),
    (5, "dorian", "F G Ab Bb C D Eb F", "W-H-W-W-W-H-W"),
    (5, "phrygian", "F Gb Ab Bb C Db Eb F", "H-W-W-W-H-W-W"),
    (5, "lydian", "F G A B C D E F", "W-W-W-H-W-W-H"),
    (5, "mixolydian", "F G A Bb C D Eb F", "W-W-H-W-W-H-W"),
    (5, "aeolian", "F G Ab Bb C Db Eb F", "W-H-W-W-H-W-W"),
    (5, "locrian", "F Gb Ab Bb Cb Db Eb F", "H-W-W-H-W-W-W"),
    (6, "ionian", "F# G# A# B C# D# E# F#", "W-W-H-W-W-W-H"),
    (6, "dorian", "F# G# A B C# D# E F#", "W-H-W-W-W-H-W"),
    (6, "phrygian", "F# G A B C# D E F#", "H-W-W-W-H-W-W"),
    (6, "lydian", "Gb Ab Bb C Db Eb F Gb", "W-W-W-H-W-W-H"),
    (6, "mixolydian", "F# G# A# B C# D# E F#", "W-W-H-W-W-H-W"),
    (6, "aeolian", "F# G# A B C# D E F#", "W-H-W-W-H-W-W"),
    (6, "locrian", "F# G A B C D E F#", "H-W-W-H-W-W-W"),
    (7, "ionian", "G A B C D E F# G", "W-W-H-W-W-W-H"),
    (7, "dorian", "G A Bb C D E F G", "W-H-W-W-W-H-W"),
    (7, "phrygian", "G Ab Bb C D Eb F G", "H-W-W-W-H-W-W"),
    (7, "lydian", "G A B C# D E F# G", "W-W-W-H-W-W-H"),
    (7, "mixolydian", "G A B C D E F G", "W-W-H-W-W-H-W"),
    (7, "aeolian", "G A Bb C D Eb F G", "W-H-W-W-H-W-W"),
    (7, "locrian", "G Ab Bb C Db Eb F G", "H-W-W-H-W-W-W"),
    (8, "ionian", "Ab Bb C Db Eb F G Ab", "W-W-H-W-W-W-H"),
    (8, "dorian", "G# A# B C# D# E# F# G#", "W-H-W-W-W-H-W"),
    (8, "phrygian", "G# A B C# D# E F# G#", "H-W-W-W-H-W-W"),
    (8, "lydian", "Ab Bb C D Eb F G Ab", "W-W-W-H-W-W-H"),
    (8, "mixolydian", "Ab Bb C Db Eb F Gb Ab", "W-W-H-W-W-H-W"),
    (8, "aeolian", "G# A# B C# D# E F# G#", "W-H-W-W-H-W-W"),
    (8, "locrian", "G# A B C# D E F# G#", "H-W-W-H-W-W-W"),
    (9, "ionian", "A B C# D E F# G# A", "W-W-H-W-W-W-H"),
    (9, "dorian", "A B C D E F# G A", "W-H-W-W-W-H-W"),
    (9, "phrygian", "A Bb C D E F G A", "H-W-W-W-H-W-W"),
    (9, "lydian", "A B C# D# E F# G# A", "W-W-W-H-W-W-H"),
    (9, "mixolydian", "A B C# D E F# G A", "W-W-H-W-W-H-W"),
    (9, "aeolian", "A B C D E F G A", "W-H-W-W-H-W-W"),
    (9, "locrian", "A Bb C D Eb F G A", "H-W-W-H-W-W-W"),
    (10, "ionian", "Bb C D Eb F G A Bb", "W-W-H-W-W-W-H"),
    (10, "dorian", "Bb C Db Eb F G Ab Bb", "W-H-W-W-W-H-W"),
    (10, "phrygian", "A# B C# D# E# F# G# A#", "H-W-W-W-H-W-W"),
    (10, "lydian", "Bb C D E F G A Bb", "W-W-W-H-W-W-H"),
    (10, "mixolydian", "Bb C D Eb F G Ab Bb", "W-W-H-W-W-H-W"),
    (10, "aeolian", "Bb C Db Eb F Gb Ab Bb", "W-H-W-W-H-W-W"),
    (10, "locrian", "A# B C# D# E F# G# A#", "H-W-W-H-W-W-W"),
    (11, "ionian", "B C# D# E F# G# A# B", "W-W-H-W-W-W-H"),
    (11, "dorian", "B C# D E F# G# A B", "W-H-W-W-W-H-W"),
    (11, "phrygian", "B C D E F# G A B", "H-W-W-W-H-W-W"),
    (11, "lydian", "B C# D# E# F# G# A# B", "W-W-W-H-W-W-H"),
    (11, "mixolydian", "B C# D# E F# G# A B", "W-W-H-W-W-H-W"),
    (11, "aeolian", "B C# D E F# G A B", "W-H-W-W-H-W-W"),
    (11, "locrian", "B C D E F G A B", "H-W-W-H-W-W-W"),
]

@Suite("Scale and Mode")
struct ScaleTests {
    @Test("every mode from every pitch class: eight notes, each letter once, fewer accidentals",
          arguments: expectedScales)
    func allScales(expected: (pitchClass: Int, mode: String, notes: String, steps: String)) throws {
        let mode = try Mode(parsing: expected.mode)
        let scale = Scale(mode: mode, pitchClass: PitchClass(expected.pitchClass))
        #expect(scale.notes.map(\.description).joined(separator: " ") == expected.notes)
        #expect(mode.stepPattern == expected.steps)
        #expect(Set(scale.notes.dropLast().map(\.letter)).count == 7)
        #expect(scale.notes.first == scale.notes.last)
    }

    @Test("the step patterns of the seven modes", arguments: [
        ("ionian", "W-W-H-W-W-W-H"), ("dorian", "W-H-W-W-W-H-W"), ("phrygian", "H-W-W-W-H-W-W"),
        ("lydian", "W-W-W-H-W-W-H"), ("mixolydian", "W-W-H-W-W-H-W"), ("aeolian", "W-H-W-W-H-W-W"),
        ("locrian", "H-W-W-H-W-W-W"),
    ])
    func stepPatterns(mode: String, steps: String) throws {
        #expect(try Mode(parsing: mode).stepPattern == steps)
    }

    @Test("mode names parse in any case, with major, minor and the misspelling 'Aolian'", arguments: [
        ("Dorian", Mode.dorian), ("LOCRIAN", .locrian), ("major", .ionian), ("minor", .aeolian), ("Aolian", .aeolian),
    ])
    func modeNames(text: String, mode: Mode) throws {
        #expect(try Mode(parsing: text) == mode)
    }

    @Test("unknown modes throw and the message lists the accepted ones")
    func unknownMode() {
        #expect(throws: TheoryError.unknownMode("bebop")) { try Mode(parsing: "bebop") }
        let message = TheoryError.unknownMode("bebop").description
        for mode in Mode.allCases { #expect(message.contains(mode.name)) }
    }

    @Test("a spelled root keeps its spelling (D# Ionian, not Eb)")
    func spelledRootKept() throws {
        let scale = try Scale(mode: .ionian, root: NoteName(parsing: "D#"))
        #expect(scale.notes.map(\.description) == ["D#", "E#", "F##", "G#", "A#", "B#", "C##", "D#"])
        let bare = Scale(mode: .ionian, pitchClass: PitchClass(3))
        #expect(bare.root.description == "Eb")
    }

    @Test("a spelled root whose scale needs triple accidentals throws (C## Lydian, Gbb Locrian)")
    func tripleSharpThrows() throws {
        #expect(throws: TheoryError.accidentalOutOfRange(letter: .f, alteration: 3)) {
            try Scale(mode: .lydian, root: NoteName(parsing: "C##"))
        }
        #expect(throws: TheoryError.self) { try Scale(mode: .locrian, root: NoteName(parsing: "Gbb")) }
        #expect(try Scale(mode: .lydian, root: NoteName(parsing: "B#")).notes.last?.description == "B#")
    }

    @Test("scale notes from a root note rise to the octave", arguments: Mode.allCases)
    func notesFromRoot(mode: Mode) throws {
        let scale = try Scale(mode: mode, root: NoteName(parsing: "Eb"))
        let notes = try scale.notes(from: SpelledNote(parsing: "Eb2"))
        #expect(notes.count == mode.degrees.count)
        #expect(notes.count == (mode.isDiatonic ? 8 : notes.count))
        #expect(zip(notes, notes.dropFirst()).allSatisfy { $0.midiNumber < $1.midiNumber })
        #expect(notes.last?.description == "Eb3")
        let semitones = zip(notes, notes.dropFirst()).map { $1.midiNumber - $0.midiNumber }
        #expect(semitones.map { Mode.Step(rawValue: $0)!.symbol }.joined(separator: "-") == mode.stepPattern)
    }

    @Test("the student's line: mode, notes and step pattern")
    func description() throws {
        let scale = try Scale(mode: .dorian, root: NoteName(parsing: "D"))
        #expect(scale.description == "D dorian: D E F G A B C D  (W-H-W-W-W-H-W)")
    }
}

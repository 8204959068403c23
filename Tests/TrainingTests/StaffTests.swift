import MusicTheory
import Testing
@testable import Training

@Suite struct StaffTests {
    /// Naturals upward from the staff's bottom line: step 0 is G2 (MIDI 43).
    static let lettersFromG = ["G", "A", "B", "C", "D", "E", "F"]
    static let semitonesFromG = [0, 2, 4, 5, 7, 9, 10]

    /// The natural note's letter and MIDI number at a staff step, counted along the staff.
    static func natural(atStep step: Int) -> (letter: String, midi: Int) {
        let octaves = Int((Double(step) / 7).rounded(.down))
        let index = step - 7 * octaves
        return (lettersFromG[index], 43 + 12 * octaves + semitonesFromG[index])
    }

    static let roots: [RootNote] = PitchClass.allCases.map { RootNote(pitchClass: $0) }
        + ["Db", "C#", "Gb", "F#", "Cb", "B#", "E#", "Fb", "D#", "A#"].map { try! RootNote(parsing: $0) }

    @Test("every mode × root: as low as possible with the root at or above E2, rising one step per degree, accidentals and ledger lines right",
          arguments: Mode.allCases, roots)
    func scalePlacement(mode: Mode, root: RootNote) throws {
        let scale = try root.scale(mode)
        let notes = Staff.placement(of: scale).map { StaffNote($0, role: .answer) }
        #expect(notes.count == mode.degrees.count)
        let rootStep = notes[0].step
        #expect(rootStep >= -2, "root below E2")
        #expect(rootStep - 7 < -2, "an octave lower would still be drawable")
        if mode.isDiatonic {
            #expect(notes.map(\.step) == Array(rootStep...(rootStep + 7)))
        } else {
            // Fewer or more notes than letters: never down a step, the octave on the root's.
            #expect(zip(notes, notes.dropFirst()).allSatisfy { $0.step <= $1.step })
            #expect(notes.last?.step == rootStep + 7)
        }

        let offsets = offsets(ofPattern: textbookPatterns[mode]!)
        let rootMIDI = notes[0].note.midiNumber
        #expect(rootMIDI % 12 == root.pitchClass.rawValue)
        for (index, note) in notes.enumerated() {
            let natural = Self.natural(atStep: note.step)
            #expect(note.note.name.letter.description == natural.letter)
            #expect(note.note.midiNumber == rootMIDI + offsets[index])
            let alteration = note.note.midiNumber - natural.midi
            #expect((note.accidental?.alteration ?? 0) == alteration)
            #expect((note.accidental == nil) == (alteration == 0))
            let expectedLedgers = note.step <= -2 ? -note.step / 2 : (note.step >= 10 ? (note.step - 8) / 2 : 0)
            #expect(note.ledgerLines.count == expectedLedgers)
        }
    }

    @Test("scales drawn as low as possible with the root at or above E2", arguments: [
        (Mode.ionian, "C", "C3@3 D3@4 E3@5 F3@6 G3@7 A3@8 B3@9 C4@10"),
        (.aeolian, "E", "E2@-2 #F2@-1 G2@0 A2@1 B2@2 C3@3 D3@4 E3@5"),
        (.ionian, "Eb", "bE2@-2 F2@-1 G2@0 bA2@1 bB2@2 C3@3 D3@4 bE3@5"),
        (.dorian, "D", "D3@4 E3@5 F3@6 G3@7 A3@8 B3@9 C4@10 D4@11"),
        (.locrian, "B", "B2@2 C3@3 D3@4 E3@5 F3@6 G3@7 A3@8 B3@9"),
        (.lydian, "F#", "#F2@-1 #G2@0 #A2@1 #B2@2 #C3@3 #D3@4 #E3@5 #F3@6"),
        (.phrygian, "Db", "bD3@4 bbE3@5 bF3@6 bG3@7 bA3@8 bbB3@9 bC4@10 bD4@11"),
    ])
    func examples(mode: Mode, root: String, drawn: String) throws {
        let scale = try RootNote(parsing: root).scale(mode)
        let notes = Staff.placement(of: scale).map { StaffNote($0, role: .answer) }
        #expect(notes.map(\.description).joined(separator: " ") == drawn)
    }

    @Test("ledger lines: E2 and C2 below, C4 and E4 above, none inside the staff", arguments: [
        ("C2", [-2, -4]), ("D2", [-2]), ("E2", [-2]), ("F2", []), ("G2", []), ("A3", []), ("B3", []),
        ("C4", [10]), ("D4", [10]), ("E4", [10, 12]),
    ])
    func ledgerLines(note: String, lines: [Int]) throws {
        #expect(StaffNote(try SpelledNote(parsing: note), role: .answer).ledgerLines == lines)
    }

    @Test("a pair below E2 is raised by whole octaves, keeping its spelling")
    func drawablePair() throws {
        let (root, answer) = Staff.drawable(try SpelledNote(parsing: "C1"), try SpelledNote(parsing: "Bb0"))
        #expect(root.description == "C3")
        #expect(answer.description == "Bb2")
        let (high, _) = Staff.drawable(try SpelledNote(parsing: "G3"), try SpelledNote(parsing: "E4"))
        #expect(high.description == "G3")
    }
}

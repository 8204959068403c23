import Foundation
import Testing

@testable import MusicTheory

/// Sizes written out by hand, independent of the line-of-fifths arithmetic.
let intervalSizes: [(name: String, semitones: Int, long: String)] = [
    ("P1", 0, "perfect unison"), ("m2", 1, "minor second"), ("M2", 2, "major second"),
    ("m3", 3, "minor third"), ("M3", 4, "major third"), ("P4", 5, "perfect fourth"),
    ("A4", 6, "augmented fourth"), ("d5", 6, "diminished fifth"), ("P5", 7, "perfect fifth"),
    ("m6", 8, "minor sixth"), ("M6", 9, "major sixth"), ("m7", 10, "minor seventh"),
    ("M7", 11, "major seventh"), ("P8", 12, "perfect octave"), ("m9", 13, "minor ninth"),
    ("M9", 14, "major ninth"), ("P11", 17, "perfect eleventh"), ("A11", 18, "augmented eleventh"),
    ("m13", 20, "minor thirteenth"), ("M13", 21, "major thirteenth"),
]

/// The twelve roots, black keys in both spellings.
let allRootSpellings = ["C", "C#", "Db", "D", "D#", "Eb", "E", "F", "F#", "Gb", "G", "G#", "Ab", "A", "A#", "Bb", "B"]

@Suite("SpelledInterval")
struct SpelledIntervalTests {
    @Test("short names give the right size, number and long name", arguments: intervalSizes)
    func sizes(entry: (name: String, semitones: Int, long: String)) throws {
        let interval = try SpelledInterval(parsing: entry.name)
        #expect(interval.semitones == entry.semitones)
        #expect(interval.description == entry.name)
        #expect(interval.name == entry.long)
        #expect(try SpelledInterval(parsing: entry.long) == interval)
    }

    @Test("long names and aliases parse", arguments: [
        ("minor third", "m3"), ("tritone", "A4"), ("augmented fourth", "A4"), ("diminished fifth", "d5"),
        ("major ninth", "M9"), ("Major 9th", "M9"), ("perfect fifth", "P5"), ("fifth", "P5"), ("fourth", "P4"),
        ("octave", "P8"), ("unison", "P1"), ("prime", "P1"), ("Minor 2nd", "m2"), ("aug 4th", "A4"),
        ("dim 5th", "d5"), ("A4/d5", "A4"), ("Aug Forth", "A4"), ("major-thirteenth", "M13"), ("eleventh", "P11"),
    ])
    func aliases(text: String, short: String) throws {
        #expect(try SpelledInterval(parsing: text).description == short)
    }

    @Test("nonexistent intervals throw", arguments: [
        "", "P3", "M5", "m4", "d1", "X5", "M0", "P", "third", "major fifth", "minor", "m 3x", "M100", "P-5",
        "A4/m3", "perfect", "5",
    ])
    func invalidThrows(text: String) {
        #expect(throws: TheoryError.self) { try SpelledInterval(parsing: text) }
    }

    @Test("transposition keeps the spelling", arguments: [
        ("C", "A4", "F#"), ("C", "d5", "Gb"), ("Eb", "M13", "C"), ("F#", "M7", "E#"), ("Db", "A4", "G"),
        ("B", "A4", "E#"), ("Gb", "d5", "Dbb"), ("C#", "A11", "F##"), ("E", "m9", "F"),
    ])
    func transposesNames(root: String, interval: String, target: String) throws {
        let result = try NoteName(parsing: root).transposed(by: SpelledInterval(parsing: interval))
        #expect(result.description == target)
    }

    @Test("every interval above each of the 12 roots, black keys both ways: right letter and pitch",
          arguments: allRootSpellings)
    func everyIntervalFromEveryRoot(rootName: String) throws {
        let root = try SpelledNote(parsing: rootName + "3")
        let letters = "CDEFGAB".map(String.init)
        let rootLetterIndex = letters.firstIndex(of: String(rootName.prefix(1)))!
        for entry in intervalSizes {
            let number = Int(entry.name.dropFirst())!
            let target = try root.transposed(by: SpelledInterval(parsing: entry.name))
            #expect(target.name.letter.description == letters[(rootLetterIndex + number - 1) % 7])
            #expect(target.midiNumber == root.midiNumber + entry.semitones)
            // Octave of the letter: steps up from the root's letter, counted in whole octaves.
            #expect(target.octave == 3 + (rootLetterIndex + number - 1) / 7)
            #expect(try root.name.transposed(by: SpelledInterval(parsing: entry.name).simple) == target.name)
        }
    }

    @Test("transposing down undoes transposing up")
    func downUndoesUp() throws {
        for rootName in allRootSpellings {
            let root = try SpelledNote(parsing: rootName + "4")
            for interval in SpelledInterval.common {
                #expect(try root.transposed(by: interval).transposed(downBy: interval) == root)
            }
        }
    }

    @Test("a spelling beyond double sharp throws instead of clamping")
    func overflowThrows() throws {
        let bDoubleSharp = try NoteName(parsing: "B##")
        #expect(throws: TheoryError.accidentalOutOfRange(letter: .e, alteration: 3)) {
            try bDoubleSharp.transposed(by: SpelledInterval(parsing: "A4"))
        }
        #expect(try NoteName(parsing: "F##").transposed(by: SpelledInterval(parsing: "A4")).description == "B##")
    }

    @Test("compound intervals reduce to their simple form", arguments: [
        ("M9", "M2"), ("P11", "P4"), ("A11", "A4"), ("m13", "m6"), ("P8", "P8"), ("P15", "P8"), ("m3", "m3"),
    ])
    func simpleForm(compound: String, simple: String) throws {
        #expect(try SpelledInterval(parsing: compound).simple.description == simple)
    }

    @Test("intervals encode as their short name and sort by size")
    func codableAndOrder() throws {
        let intervals = try ["M3", "A4", "d5", "m2"].map { try SpelledInterval(parsing: $0) }
        let data = try JSONEncoder().encode(intervals)
        #expect(String(decoding: data, as: UTF8.self) == #"["M3","A4","d5","m2"]"#)
        #expect(try JSONDecoder().decode([SpelledInterval].self, from: data) == intervals)
        #expect(intervals.sorted().map(\.description) == ["m2", "M3", "A4", "d5"])
    }
}

import Foundation
import Testing

@testable import MusicTheory

@Suite("NoteName")
struct NoteNameTests {
    @Test("names sit on the line of fifths", arguments: [
        ("C", 0), ("G", 1), ("F", -1), ("B", 5), ("F#", 6), ("Bb", -2), ("Eb", -3), ("C#", 7), ("Fb", -8),
        ("F##", 13), ("Bbb", -9),
    ])
    func fifths(text: String, fifths: Int) throws {
        let name = try NoteName(parsing: text)
        #expect(name.fifths == fifths)
        #expect(try NoteName(fifths: fifths) == name)
    }

    @Test("every name within double flat … double sharp round-trips through its text")
    func roundTrip() throws {
        for fifths in -15...19 {
            let name = try NoteName(fifths: fifths)
            #expect(try NoteName(parsing: name.description) == name)
        }
    }

    @Test("beyond double accidentals the line of fifths throws", arguments: [-16, 20, 100, -100])
    func beyondThrows(fifths: Int) {
        #expect(throws: TheoryError.self) { try NoteName(fifths: fifths) }
    }

    @Test("names encode as text")
    func codable() throws {
        let data = try JSONEncoder().encode([try NoteName(parsing: "Eb")])
        #expect(String(decoding: data, as: UTF8.self) == #"["Eb"]"#)
        #expect(throws: (any Error).self) { try JSONDecoder().decode([NoteName].self, from: Data(#"["H"]"#.utf8)) }
    }
}

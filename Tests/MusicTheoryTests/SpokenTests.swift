import Testing
@testable import MusicTheory

@Suite("Names as a voice says them")
struct SpokenTests {
    @Test("notes with every accidental", arguments: [
        ("C3", "C 3"), ("C#3", "C sharp 3"), ("Eb2", "E flat 2"), ("F##4", "F double sharp 4"), ("Bbb1", "B double flat 1"),
    ])
    func notes(written: String, spoken: String) throws {
        #expect(try SpelledNote(parsing: written).spoken == spoken)
    }
}

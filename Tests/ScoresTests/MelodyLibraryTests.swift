import Scores
import Testing

/// The melodies eartrainer ships: over 200, each with its source and licence, each read into a
/// part whose phrases a dictation can ask; a line that is not one is refused by its number.
@Suite("the melody library")
struct MelodyLibraryTests {
    @Test("over 200 melodies in two collections, each with a title, a source and a licence, its notes in order and in range")
    func shipped() {
        let library = MelodyLibrary.shipped
        #expect(library.melodies.count >= 200)
        #expect(library.collections == ["chorale", "folk"])
        #expect(Set(library.melodies.map(\.id)).count == library.melodies.count, "ids are unique")
        for melody in library.melodies {
            #expect(!melody.title.isEmpty && melody.source.count > 20 && melody.licence.contains("public domain"), "\(melody.id)")
            let notes = melody.part.notes
            #expect(notes.count >= 6 && notes.allSatisfy { (21...108).contains($0.key) }, "\(melody.id)")
            #expect(zip(notes, notes.dropFirst()).allSatisfy { $0.onset < $1.onset }, "\(melody.id): one note at a time, in order")
            #expect(!melody.part.phrases(bars: 1...4).isEmpty, "\(melody.id) gives phrases")
        }
        #expect(library.melodies.filter { $0.collection == "chorale" }.contains { $0.part.notes.contains(where: \.fermata) },
                "the chorales' fermatas are kept: their phrases end there")
    }

    @Test("a pickup is a bar of its own; the bars after it are whole")
    func pickup() throws {
        let library = try MelodyLibrary(text: "x\tfolk\tT\tS\tL\t0\tmajor\t3/4\t12\t67:0:12 72:12:12 74:24:12 76:36:12 72:48:24 71:72:12")
        let bars = try #require(library.melodies.first).part.bars
        #expect(bars.map(\.number) == ["0", "1", "2"] && bars.map(\.length) == [QuarterTime(1), QuarterTime(3), QuarterTime(3)])
        #expect(bars[1].onset == QuarterTime(1) && bars.allSatisfy { $0.beats == 3 && $0.beatType == 4 && $0.fifths == 0 && !$0.minor })
    }

    @Test("a line that is not a melody is refused by its number", arguments: [
        "too\tfew", "x\tfolk\tT\tS\tL\tG\tmajor\t3/4\t0\t60:0:12", "x\tfolk\tT\tS\tL\t0\tlydian\t3/4\t0\t60:0:12",
        "x\tfolk\tT\tS\tL\t0\tmajor\t3/0\t0\t60:0:12", "x\tfolk\tT\tS\tL\t0\tmajor\t3/4\t0\t60:0", "x\tfolk\tT\tS\tL\t0\tmajor\t3/4\t0\t200:0:12",
        "x\tfolk\tT\tS\tL\t0\tmajor\t3/4\t0\t60:0:0", "x\tfolk\tT\tS\tL\t0\tmajor\t3/4\t0\t",
    ])
    func refused(line: String) {
        #expect(throws: ScoreError.self) { try MelodyLibrary(text: "x\tfolk\tT\tS\tL\t0\tmajor\t4/4\t0\t60:0:12\n" + line) }
        let refusal = #expect(throws: ScoreError.self) { try MelodyLibrary(text: line) }
        #expect(refusal?.reason.hasPrefix("the melody library's line 1: ") == true)
    }
}

import MusicTheory
import Testing

@Suite("Note names: letters, fixed do, movable do")
struct NoteNamingTests {
    static func name(_ text: String) throws -> NoteName { try NoteName(parsing: text) }

    @Test("movable do names the degree above the tonic: the major scale in any key, chromatic syllables, do-based minor")
    func movableDo() throws {
        let naming = NoteNaming.movableDo
        for (tonic, scale) in [("C", ["C", "D", "E", "F", "G", "A", "B"]), ("Eb", ["Eb", "F", "G", "Ab", "Bb", "C", "D"]),
                               ("F#", ["F#", "G#", "A#", "B", "C#", "D#", "E#"])] {
            let names = try scale.map { try naming.shown(Self.name($0), tonic: Self.name(tonic)) }
            #expect(names == ["do", "re", "mi", "fa", "sol", "la", "ti"], "in \(tonic)")
        }
        let cMinor = try ["C", "D", "Eb", "F", "G", "Ab", "Bb"].map { try naming.shown(Self.name($0), tonic: Self.name("C")) }
        #expect(cMinor == ["do", "re", "me", "fa", "sol", "le", "te"])
        let raised = try ["C#", "D#", "F#", "G#", "A#"].map { try naming.shown(Self.name($0), tonic: Self.name("C")) }
        #expect(raised == ["di", "ri", "fi", "si", "li"])
        let lowered = try ["Db", "Gb"].map { try naming.shown(Self.name($0), tonic: Self.name("C")) }
        #expect(lowered == ["ra", "se"])
        // No syllable for a doubly altered degree, nor for a raised third: its letters instead.
        #expect(try naming.shown(Self.name("E#"), tonic: Self.name("C")) == "E#")
        #expect(try naming.spoken(Self.name("Fbb"), tonic: Self.name("C")) == "F double flat")
    }

    @Test("fixed do names the letter, whatever the key; letters are the note's own name")
    func fixedDoAndLetters() throws {
        let fixed = try ["C", "D", "E", "F", "G", "A", "B", "F#", "Bb"].map { try NoteNaming.fixedDo.shown(Self.name($0), tonic: Self.name("D")) }
        #expect(fixed == ["do", "re", "mi", "fa", "sol", "la", "si", "fa#", "sib"])
        #expect(try NoteNaming.fixedDo.spoken(Self.name("Bb"), tonic: Self.name("C")) == "si flat")
        #expect(try NoteNaming.letters.shown(Self.name("F#"), tonic: Self.name("D")) == "F#")
        #expect(try NoteNaming.letters.spoken(Self.name("F#"), tonic: Self.name("D")) == "F sharp")
        #expect(NoteNaming.names == ["letters", "movable-do", "fixed-do"])
    }
}

import ClientViews
import ControlProtocol
import MusicTheory
import Testing
import Training

/// The staff in each clef: the bass staff as placed by the daemon, the treble staff moved by
/// octaves so its lowest note is at or above C4, the grand staff with middle C between.
@Suite("Clefs: bass, treble, grand, auto")
struct ClefTests {
    /// Staff entries as the daemon makes them (bass-staff steps).
    static func entries(_ names: String, role: String = "answer") -> [StaffEntry] {
        names.split(separator: " ").map { text in
            let placed = StaffNote(try! SpelledNote(parsing: String(text)), role: .answer)
            return StaffEntry(note: placed.note.description, step: placed.step, ledgerLines: placed.ledgerLines,
                              accidental: placed.accidental?.symbol, role: role)
        }
    }

    /// The noteheads of an SVG: (data-note, data-step).
    static func heads(_ svg: String) -> [(String, Int)] {
        svg.matches(of: /class="notehead" data-step="(-?\d+)" data-note="([^"]+)"/).map { (String($0.2), Int($0.1)!) }
    }

    @Test("treble: a scale placed from E2 is written from E4, on the treble staff's bottom line, as low as it goes above C4")
    func treble() {
        let scale = Self.entries("E2 F#2 G2 A2 B2 C3 D3 E3")
        let svg = SVGStaff(scale, clef: .treble).document()
        #expect(Self.heads(svg).map(\.0) == ["E4", "F#4", "G4", "A4", "B4", "C5", "D5", "E5"])
        #expect(Self.heads(svg).map(\.1) == Array(12...19))
        #expect(svg.contains(#"data-clef="treble""#) && !svg.contains(#"data-clef="bass""#))
        #expect(svg.matches(of: /class="staff-line" data-step="(\d+)"/).map { Int($0.1)! } == [12, 14, 16, 18, 20])
        #expect(!svg.contains("ledger-line"), "E4 to E5 sit on the treble staff")
        // D3 would be D4 (one step above C4's ledger line), not D5.
        #expect(Self.heads(SVGStaff(Self.entries("D3 F3"), clef: .treble).document()).map(\.0) == ["D4", "F4"])
        let text = TextStaff(scale, clef: .treble).lines()
        #expect(text.contains { $0.contains("𝄞") } && !text.contains { $0.contains("𝄢") })
        #expect(text.last?.contains("E4") == true, "the names follow the octave written: \(text)")
    }

    @Test("grand: both staves, middle C on its own ledger line, A4 on the treble staff without ledger lines")
    func grand() {
        let notes = Self.entries("C3 B3 C4 D4 A4")
        let svg = SVGStaff(notes, clef: .grand).document()
        #expect(svg.contains(#"data-clef="treble""#) && svg.contains(#"data-clef="bass""#))
        #expect(svg.matches(of: /class="staff-line" data-step="(\d+)"/).map { Int($0.1)! } == [0, 2, 4, 6, 8, 12, 14, 16, 18, 20])
        #expect(svg.matches(of: /class="ledger-line" data-step="(\d+)"/).map { Int($0.1)! } == [10], "only middle C's")
        // On the bass staff alone A4 needs three ledger lines.
        let bass = SVGStaff(notes, clef: .bass).document()
        #expect(bass.matches(of: /class="ledger-line" data-step="(\d+)"/).map { Int($0.1)! } == [10, 10, 10, 12, 14], "C4 and D4 one each")
    }

    @Test("auto: by the question's first note and an octave each way: bass low, treble high (not moved), grand between",
          arguments: [("E2 G2 B2 E3", "bass", ["bass"]), ("G4 B4 D5 G5", "treble", ["treble"]), ("C4 E4 G4 C5", "grand", ["bass", "treble"]),
                      ("G3 B3 D4 G4", "bass", ["bass"]), ("A3 C4", "grand", ["bass", "treble"])])
    func auto(notes: String, expected: String, clefs: [String]) {
        let svg = SVGStaff(Self.entries(notes), clef: .auto).document()
        #expect(svg.matches(of: /data-clef="(\w+)"/).map { String($0.1) }.sorted() == clefs, "\(expected)")
        #expect(Self.heads(svg).map(\.0) == notes.split(separator: " ").map(String.init), "auto never moves a note")
    }

    @Test("auto: one clef per question: a bass-staff question keeps its clef when the answer or a wrong try is above G4",
          arguments: ["C3", "D3", "G3"])
    func oneClefPerQuestion(root: String) {
        let asked = Self.entries(root, role: "root")
        let clefs = { (svg: String) in svg.matches(of: /data-clef="(\w+)"/).map { String($0.1) } }
        #expect(clefs(SVGStaff(asked, clef: .auto).document()) == ["bass"])
        var wrong = Self.entries("B4", role: "wrong")
        wrong[0].slot = 1
        #expect(clefs(SVGStaff(asked + Self.entries("A4"), wrong: wrong, clef: .auto).document()) == ["bass"], "answered above G4")
        #expect(clefs(SVGStaff(asked + Self.entries("A4"), clef: .auto).document()) == ["bass"])
        let text = TextStaff(asked + Self.entries("A4"), clef: .auto).lines()
        #expect(text.contains { $0.contains("𝄢") } && !text.contains { $0.contains("𝄞") })
    }

    @Test("Clef.forQuestion: an octave each way of what the question shows", arguments: [
        ([-4], Clef.bass), ([7], .bass), ([8], .grand), ([13], .grand), ([14], .treble), ([3, 10], .grand),
    ] as [([Int], Clef)])
    func forQuestion(steps: [Int], clef: Clef) {
        #expect(Clef.forQuestion(shownSteps: steps) == clef)
        #expect(Clef.forQuestion(shownSteps: []) == nil)
    }

    @Test("wrong attempts move with the notes in the treble clef")
    func wrongMoves() {
        var wrong = Self.entries("F2", role: "wrong")
        wrong[0].slot = 1  // played when F#2 was expected: drawn before it
        let svg = SVGStaff(Self.entries("E2 F#2"), wrong: wrong, clef: .treble).document()
        #expect(Self.heads(svg).map(\.0) == ["E4", "F4", "F#4"])
    }
}

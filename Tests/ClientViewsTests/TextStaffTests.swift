import ClientViews
import ControlProtocol
import MusicTheory
import Testing
import Training

@Suite("Text staff")
struct TextStaffTests {
    static let roots = [("C", "C"), ("F#", "Fs"), ("Bb", "Bb")]

    @Test("every mode from C, F# and Bb matches its snapshot", arguments: Mode.allCases, roots)
    func scaleSnapshots(mode: Mode, root: (name: String, file: String)) throws {
        let notes = try StaffFixtures.scale(mode, from: root.name)
        let text = (["\(root.name) \(mode.name)"] + TextStaff(notes, slots: max(8, notes.count)).lines()).joined(separator: "\n") + "\n"
        Snapshot.check(text, named: "scale-\(root.file)-\(mode.name)")
    }

    @Test("the eleven intervals within the octave and the extended ones, from C, F# and Bb, match their snapshots", arguments: roots)
    func intervalSnapshots(root: (name: String, file: String)) throws {
        var text = ""
        for interval in IntervalExercise.extendedIntervals {
            let notes = try StaffFixtures.interval(interval, from: root.name)
            text += (["\(interval) up from \(root.name)"] + TextStaff(notes).lines()).joined(separator: "\n") + "\n\n"
        }
        Snapshot.check(text, named: "interval-\(root.file)")
    }

    @Test("ledger lines below (E2, Eb2, C2) and above (C4, E4, A4) match their snapshot")
    func ledgerSnapshot() throws {
        let notes = try StaffFixtures.notes(["C2", "Eb2", "E2", "F#2", "G2", "A3", "B3", "C4", "E4", "A4"])
        Snapshot.check(TextStaff(notes).lines().joined(separator: "\n") + "\n", named: "ledger-lines")
    }

    @Test("an empty scale staff keeps its width and draws just the clef and five lines")
    func emptyStaff() {
        let lines = TextStaff([], slots: 8).lines()
        #expect(lines.count == 12)  // steps 9 … -1, then the names row
        #expect(lines.filter { $0.hasPrefix("─") }.count == 5)
        #expect(lines.allSatisfy { !$0.contains("●") })
        #expect(lines.contains { $0.contains("𝄢") })
    }

    @Test("a note's head is on its step's row, with a ledger line through it only off the staff",
          arguments: ["C2", "D2", "E2", "F2", "G2", "B2", "Db3", "F#3", "A3", "B3", "C4", "D4", "E4", "G4"])
    func headOnItsStep(name: String) throws {
        let note = try #require(try StaffFixtures.notes([name]).first)
        let staff = TextStaff([note], names: false)
        let lines = staff.lines()
        let top = max(8, note.step) + 1
        // Rows lose their trailing spaces: pad them back to read any column.
        let padded = lines.map { Array($0) + Array(repeating: " ", count: 20) }
        let row = padded[top - note.step]
        let head = 6 + 2
        #expect(row[head] == "●", "\(name): \(lines.joined(separator: "\n"))")
        let onLine = note.step % 2 == 0
        #expect(row[head + 1] == (onLine ? "─" : " "))
        #expect(row[0] == ((0...8).contains(note.step) && onLine ? "─" : " "))
        let ledgerRows = padded.indices.filter { padded[$0][head + 1] == "─" && padded[$0][0] == " " }
        #expect(ledgerRows.map { top - $0 }.sorted() == note.ledgerLines.sorted())
        if let sign = note.accidental {
            #expect(String(row[(head - sign.count)..<head]) == sign)
        }
    }

    @Test("wrong attempts are never drawn on the student's staff")
    func wrongNotDrawn() {
        let right = StaffEntry(note: "D3", step: 4, ledgerLines: [], accidental: nil, role: "answer")
        let wrong = StaffEntry(note: "F#3", step: 6, ledgerLines: [], accidental: "#", role: "wrong", slot: 1)
        let lines = TextStaff([right, wrong]).lines()
        #expect(lines.joined().filter { $0 == "●" }.count == 1)
        #expect(!lines.joined().contains("#"))
    }
}

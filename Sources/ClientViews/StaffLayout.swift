import ControlProtocol
import Foundation
import Training

/// A clef resolved for some notes: the staves' bottom lines and the notes as drawn.
struct StaffLayout: Sendable {
    /// Each staff's bottom line in bass-staff steps: 0 (G2) for the bass staff, 12 (E4) for the treble.
    let staves: [Int]
    /// The notes as drawn: moved by octaves (treble) and with their ledger lines for these staves.
    let notes: [StaffEntry]

    static let bass = 0, treble = 12

    init(_ clef: Clef, notes: [StaffEntry]) {
        let steps = notes.map(\.step)
        let resolved: Clef
        switch clef {
        case .auto:
            // The question's shown notes decide (its root; once answers replace it, as a melody's
            // or a chord's do, the first note, which is that root), so the clef stays while
            // answers and wrong tries come.
            let roots = notes.filter { $0.role == "root" }.map(\.step)
            resolved = Clef.forQuestion(shownSteps: roots.isEmpty ? Array(steps.prefix(1)) : roots) ?? .bass
        default:
            resolved = clef
        }
        // The treble clef moves a bass-placed staff up (or down) whole octaves, lowest at C4 or above.
        let octaves = clef == .treble ? (steps.min()).map { Int((Double(10 - $0) / 7).rounded(.up)) } ?? 0 : 0
        staves = switch resolved {
        case .treble: [Self.treble]
        case .grand: [Self.bass, Self.treble]
        default: [Self.bass]
        }
        let staves = staves
        self.notes = notes.map { entry in
            var moved = entry
            moved.step += 7 * octaves
            moved.note = Self.note(entry.note, movedBy: octaves)
            moved.ledgerLines = Self.ledgerLines(moved.step, staves: staves)
            return moved
        }
    }

    /// The clefs drawn: one per staff.
    var clefs: [Clef] { staves.map { $0 == Self.treble ? .treble : .bass } }
    /// The steps of every staff line.
    var lines: [Int] { staves.flatMap { stride(from: $0, through: $0 + 8, by: 2) } }
    var lowestLine: Int { staves.min()! }
    var highestLine: Int { staves.max()! + 8 }

    /// The ledger lines a note at `step` needs, nearest its staff first (middle C between the
    /// staves of the grand staff has one).
    static func ledgerLines(_ step: Int, staves: [Int]) -> [Int] {
        if staves.contains(where: { ($0...$0 + 8).contains(step) }) { return [] }
        let over = staves.filter { $0 + 8 < step }.max()
        let under = staves.filter { $0 > step }.min()
        if let over, under.map({ step - (over + 8) <= $0 - step }) ?? true {
            return Array(stride(from: over + 10, through: step, by: 2))
        }
        if let under { return Array(stride(from: under - 2, through: step, by: -2)) }
        return []
    }

    /// `Eb3` moved by `octaves`: `Eb5`.
    static func note(_ name: String, movedBy octaves: Int) -> String {
        guard octaves != 0, let digits = name.firstIndex(where: { $0.isNumber || $0 == "-" }),
              let octave = Int(name[digits...]) else { return name }
        return String(name[..<digits]) + String(octave + octaves)
    }

    /// Where a clef's sign sits: the bass clef's head on the F line, the treble clef's curl on the G line.
    static func signStep(_ clef: Clef) -> Int { clef == .treble ? treble + 2 : bass + 6 }
}

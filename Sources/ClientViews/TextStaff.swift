import ControlProtocol
import Training

/// The staff drawn in Unicode text, one row per staff step: lines on even steps (G2 = 0 is the
/// bass staff's bottom line, E4 = 12 the treble's), spaces between, ledger lines only where a
/// note needs them. The clef is bass, treble, the grand staff, or chosen by the notes (`Clef`).
///
/// A pure function of the notes, so the terminal view and `eartrainctl staff` draw the same and a
/// snapshot test can pin it. Each note has a cell of `cellWidth` columns: its accidental (`b`, `#`)
/// just left of the notehead, a short ledger line through or under it where needed.
public struct TextStaff: Sendable {
    /// Columns before the first note: the staff's start and the clef.
    static let clefWidth = 6
    /// Columns per note.
    static let cellWidth = 5

    /// The notes to draw, left to right. Wrong attempts (`role == "wrong"`) are never drawn.
    public var notes: [StaffEntry]
    /// The staff is at least this many notes wide (8 for a scale round, so it does not grow).
    public var slots: Int
    /// Write the note names under the staff.
    public var names: Bool
    /// The staves and where their lines are.
    let layout: StaffLayout

    /// A staff of `notes`, at least `slots` notes wide, in `clef`.
    public init(_ notes: [StaffEntry], slots: Int = 0, names: Bool = true, clef: Clef = .bass) {
        layout = StaffLayout(clef, notes: notes.filter { $0.role != "wrong" })
        self.notes = layout.notes
        self.slots = slots
        self.names = names
    }

    /// The highest and lowest steps shown: the staves, every note, and one step of room around.
    var stepRange: ClosedRange<Int> {
        let steps = notes.map(\.step)
        return (min(layout.lowestLine, steps.min() ?? 0) - 1)...(max(layout.highestLine, steps.max() ?? 0) + 1)
    }

    /// The column of note `index`'s head.
    static func headColumn(_ index: Int) -> Int { clefWidth + cellWidth * index + 2 }

    /// The staff as lines of text (trailing spaces removed), top row first.
    public func lines() -> [String] {
        rows().map { row in String(row.map(\.text).joined()).trimmingTrailingSpaces() }
    }

    /// The staff as cells, so a view can colour the noteheads (`Cell.role`).
    public func rows() -> [[Cell]] {
        let width = Self.clefWidth + Self.cellWidth * max(slots, notes.count) + 2
        let range = stepRange
        let lines = Set(layout.lines)
        var grid: [[Cell]] = []
        for step in range.reversed() {
            var row = Array(repeating: Cell(text: lines.contains(step) ? "─" : " "), count: width)
            for clef in layout.clefs where step == StaffLayout.signStep(clef) { row[2] = Cell(text: clef == .treble ? "𝄞" : "𝄢") }
            for (index, note) in notes.enumerated() {
                let head = Self.headColumn(index)
                if note.ledgerLines.contains(step) {
                    for column in (head - 1)...(head + 1) { row[column] = Cell(text: "─") }
                }
                guard note.step == step else { continue }
                row[head] = Cell(text: note.role == "revealed" ? "○" : "●", role: note.role)
                let sign = Array(note.accidental ?? "")
                for (offset, character) in sign.reversed().enumerated() where head - 1 - offset >= 0 {
                    row[head - 1 - offset] = Cell(text: String(character), role: note.role)
                }
            }
            grid.append(row)
        }
        if names {
            var row = Array(repeating: Cell(text: " "), count: width + 2)
            for (index, note) in notes.enumerated() {
                for (offset, character) in note.note.enumerated() where Self.headColumn(index) - 1 + offset < row.count {
                    row[Self.headColumn(index) - 1 + offset] = Cell(text: String(character))
                }
            }
            grid.append(row)
        }
        return grid
    }

    /// One column of the drawing: its character and, for a notehead or its accidental, the note's role.
    public struct Cell: Sendable, Hashable {
        /// What is printed (one column wide).
        public var text: String
        /// `answer`, `root` or `revealed` for a note's head and accidental; nil for the staff.
        public var role: String?
    }
}

extension String {
    /// The string without the spaces at its end.
    func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}

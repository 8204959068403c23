/// Labels placed under marks along a line, each in the first of a few rows where it does not run
/// into the label before it: marks close together (sixteenths) alternate rows instead of
/// overwriting each other. Shared by the SVG drawings (widths in pixels) and the text ones
/// (widths in columns).
enum LabelRows {
    /// For labels starting at `starts` (in order along the line) `widths` wide, the row of each
    /// (0 first), at least `gap` apart in a row; a label that fits no row of `rows` takes the
    /// one whose last label ends first.
    static func rows(starts: [Double], widths: [Double], gap: Double, rows: Int = 2) -> [Int] {
        var ends = [Double](repeating: -.infinity, count: max(1, rows))
        return zip(starts, widths).map { start, width in
            let row = ends.firstIndex { $0 + gap <= start } ?? ends.indices.min { ends[$0] < ends[$1] }!
            ends[row] = start + width
            return row
        }
    }
}

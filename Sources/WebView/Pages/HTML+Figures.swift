/// The two ways a page lays out figures: a row of terms and values, and a table.
extension HTML {
    /// Figures side by side in `.counts`, each term and value a `<dl>` of its own (a list of one,
    /// which every reader takes as a description list; axe-core 3 refuses a `<div>` in a `<dl>`).
    /// `ids`: the terms whose value carries the term as its id, for the script and the tests.
    static func counts(_ figures: [(String, String)], ids: Set<String> = []) -> String {
        let lists = figures.map { term, value in
            let id = ids.contains(term) ? #" id="\#(escaped(term))""# : ""
            return "<dl><dt>\(escaped(term))</dt><dd\(id)>\(escaped(value))</dd></dl>"
        }
        return #"<div class="counts">"# + lists.joined() + "</div>"
    }

    /// A table of figures in its own `.table` box: a column header per column, a row header
    /// per row. Each cell carries its column's name (`data-label`): narrower than 800 px the
    /// stylesheet draws each row as a card with the name above each figure, so a phone reads
    /// eight columns without scrolling sideways. `columns` and row names are text; cells are HTML.
    static func table(columns: [String], rows: [(name: String, cells: [String])]) -> String {
        let head = columns.map { #"<th scope="col">\#(escaped($0))</th>"# }.joined()
        let body = rows.map { row in
            let cells = zip(columns.dropFirst(), row.cells).map { column, cell in #"<td data-label="\#(escaped(column))">\#(cell)</td>"# }
            return #"<tr><th scope="row">\#(escaped(row.name))</th>"# + cells.joined() + "</tr>"
        }.joined(separator: "\n")
        return #"<div class="table"><table>\#n<thead><tr>\#(head)</tr></thead>\#n<tbody>\#(body)</tbody>\#n</table></div>"#
    }
}

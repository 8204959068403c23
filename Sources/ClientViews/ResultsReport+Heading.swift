import ControlProtocol

extension ResultsReport {
    /// `per degree`, `per interval`, `per chord`: the rows' category. Rows of several categories
    /// (a progression's numerals and the progression) are `per item`.
    public var heading: String {
        let categories = Set(breakdown.map(\.category))
        if categories.count == 1, let category = categories.first { return "per " + category }
        return "per item"
    }
}

extension String {
    /// This text safe inside an element or a quoted attribute of HTML or SVG: `&`, `<`, `>`, `"`
    /// and `'` as character references, everything else as it is. The one escaper of the web
    /// view's pages, the staff's and the charts' SVG and the hub's pages.
    public var markupEscaped: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}

/// What the charts share: the frame every chart is drawn in and how it is named for assistive
/// technology. A chart is an inline `<svg role="img">` drawn with attributes only (the page's
/// Content-Security-Policy allows no inline style), named by its `<title>` and described by a
/// `<desc>` that lists every value, so a screen reader hears the numbers the picture shows.
enum Chart {
    /// The width of every chart's coordinate space; the stylesheet scales it to the page.
    static let width = 360.0
    /// The type size in the chart's units: 18 px on a phone 390 px wide, larger on a tablet.
    static let fontSize = 18.0
    /// The colours drawn without the stylesheet; the stylesheet's `.chart` rules take over where it loads.
    static let ink = "#0a3fa8", track = "#e6e6e6", rule = "#bbb", textColour = "#111"

    /// The `<svg>` element around `body`, `height` units tall, named `title`, described by `description`.
    /// `id` makes the title's and description's ids unique in the page.
    static func frame(id: String, title: String, description: String, height: Double, body: String) -> String {
        let id = safeID(id)
        return #"<svg role="img" aria-labelledby="\#(id)-title \#(id)-desc" viewBox="0 0 \#(number(width)) \#(number(height))" "#
            + #"width="\#(number(width))" height="\#(number(height))" font-size="\#(number(fontSize))" class="chart-svg">"#
            + #"<title id="\#(id)-title">\#(HTML.escaped(title))</title><desc id="\#(id)-desc">\#(HTML.escaped(description))</desc>"#
            + body + "</svg>"
    }

    /// What is drawn instead of a chart with nothing to show: a sentence.
    static func empty(_ sentence: String) -> String {
        #"<p class="note">\#(HTML.escaped(sentence))</p>"#
    }

    /// A coordinate: at most one decimal, no trailing `.0`.
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        let whole = Int(tenths / 10)
        let decimal = Int(abs(tenths).truncatingRemainder(dividingBy: 10))
        let sign = tenths < 0 && whole == 0 ? "-" : ""
        return decimal == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(decimal)"
    }

    /// An id made of letters, digits and `-` only.
    static func safeID(_ text: String) -> String {
        let kept = text.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" }
        return "chart-" + String(kept)
    }

    /// A text element at (x, y); `anchor` is `start`, `middle` or `end`.
    static func text(_ content: String, x: Double, y: Double, anchor: String = "start", className: String? = nil) -> String {
        let classAttribute = className.map { #" class="\#($0)""# } ?? ""
        return #"<text x="\#(number(x))" y="\#(number(y))" text-anchor="\#(anchor)"\#(classAttribute) fill="\#(Chart.textColour)">\#(HTML.escaped(content))</text>"#
    }
}

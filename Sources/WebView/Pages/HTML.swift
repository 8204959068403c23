import Markup

/// The page shell every page shares, and text made safe for HTML.
enum HTML {
    /// Text safe inside an element or a quoted attribute.
    static func escaped(_ text: String) -> String { text.markupEscaped }

    /// A whole page: the stylesheet, a header with the link state and the way to the other pages,
    /// `main`, and the live script when `script` (the page works without it).
    static func page(title: String, current: String, main: String, script: Bool) -> String {
        let nav = [("/", "Live"), ("/results", "Results"), ("/progress", "Progress"), ("/class", "Class"), ("/pair", "Pair")].map { path, name in
            path == current ? #"<a href="\#(path)" aria-current="page">\#(name)</a>"# : #"<a href="\#(path)">\#(name)</a>"#
        }.joined(separator: " ")
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escaped(title))</title>
            <link rel="stylesheet" href="\(WebStyle.path)">
            </head>
            <body>
            <header><span class="brand">eartrainer</span>\(script ? #"<span id="link" role="status" data-state="loaded">as loaded</span>"# : "")<nav aria-label="pages">\(nav)</nav></header>
            <main>
            \(main)
            </main>
            \(script ? #"<p id="announce" class="sr-only" aria-live="polite"></p><noscript><p class="note">Without JavaScript this page shows the session as it was when loaded: reload to see it now.</p></noscript><script src="\#(LiveScript.path)" defer></script>"# : "")
            </body>
            </html>

            """
    }
}

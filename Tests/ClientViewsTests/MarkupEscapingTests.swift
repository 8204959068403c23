import Markup
import Testing

/// The one escaper of every page and drawing: what could end a text or an attribute becomes a
/// character reference, and nothing else changes.
@Suite("Text made safe for HTML and SVG")
struct MarkupEscapingTests {
    @Test("& < > \" ' become references; letters, accents, emoji and ♯ stay as they are")
    func escaping() {
        #expect(#"<a href="x" title='y'>Tom & Jerry</a>"#.markupEscaped
                == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;")
        #expect("Çelik sings F♯4 🎻".markupEscaped == "Çelik sings F♯4 🎻")
        #expect("&amp;".markupEscaped == "&amp;amp;", "escaped once more, not taken as escaped")
        #expect("".markupEscaped.isEmpty)
    }
}

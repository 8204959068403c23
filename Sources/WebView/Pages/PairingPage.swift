import Hummingbird

/// The pairing page (`/pair`): where a phone or tablet types the code `eartrainctl web-pair`
/// shows, and where a paired browser can forget its pairing.
enum PairingPage {
    static func html(visitor: Visitor? = nil, refusal: String? = nil) -> String {
        var parts: [String] = [#"<section id="live" aria-labelledby="exercise"><h1 id="exercise">Pair this browser</h1>"#]
        if let refusal { parts.append(#"<p class="note" role="alert">\#(HTML.escaped(refusal))</p>"#) }
        if case .paired(let browser)? = visitor?.standing {
            parts.append(#"<p>This browser is paired: it may start, repeat, skip and stop.</p><form method="post" action="/pair/forget"><input type="hidden" name="csrf" value="\#(browser.csrf)"><button type="submit">Forget this pairing</button></form>"#)
        } else {
            parts.append(#"<p>On the machine eartrainer runs on, run <code>eartrainctl web-pair</code>. Type the eight digits it shows (they are good for five minutes, once).</p><form method="post" action="/pair" class="start"><div class="field"><label for="code">Code</label><input id="code" name="code" inputmode="numeric" autocomplete="off" maxlength="16" required></div><button type="submit">Pair</button></form>"#)
        }
        parts.append("</section>")
        return HTML.page(title: "eartrainer · pair", current: "/pair", main: parts.joined(separator: "\n"), script: false)
    }

    /// What a visitor who may not look gets (`web.viewing = "paired"`): the pairing page, 401.
    static func mustPair() -> Response {
        Responses.page(html(refusal: "This view is for paired browsers only."), status: .unauthorized)
    }
}

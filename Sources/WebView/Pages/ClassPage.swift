import ControlProtocol
import Foundation

/// The class page (`/class`): whether the box is in a teacher's class and how its answers are
/// getting to the hub; for a paired browser, the form that joins one with the teacher's URL and
/// one-time code (the way to join from the piano, with the phone on the music stand), or leaves it.
enum ClassPage {
    static func html(_ status: ClassStatusResult?, csrf: String?, note: String? = nil, away: String? = nil) -> String {
        var parts: [String] = [#"<section id="live" aria-labelledby="exercise"><h1 id="exercise">Class</h1>"#]
        if let note { parts.append(#"<p class="note" role="alert">\#(HTML.escaped(note))</p>"#) }
        if let away { parts.append(#"<p class="note" role="alert">\#(HTML.escaped(away))</p>"#) }
        let token = csrf.map { #"<input type="hidden" name="csrf" value="\#(HTML.escaped($0))">"# } ?? ""
        if let status, status.joined {
            var lines = ["This box is in the class at <strong>\(HTML.escaped(status.hub ?? "?"))</strong>."]
            lines.append("Pushed: everything up to answer \(status.pushedThrough); \(status.pending) pending.")
            if let plan = status.assignment { lines.append("The teacher's plan: \(HTML.escaped(plan)).") }
            if let error = status.lastError { lines.append("Last error: \(HTML.escaped(error))") }
            parts.append(lines.map { "<p>\($0)</p>" }.joined())
            if csrf != nil {
                parts.append(#"<form method="post" action="/class/leave">\#(token)<button type="submit">Leave the class</button></form>"#)
            }
        } else if status != nil {
            parts.append("<p>This box is in no class.</p>")
            if csrf != nil {
                parts.append(#"""
                    <form method="post" action="/class/join" class="start">\#(token)
                    <div class="field"><label for="hub">The hub's address</label><input id="hub" name="url" type="url" inputmode="url" autocomplete="url" placeholder="https://hub.school.example:8443" required></div>
                    <div class="field"><label for="code">The teacher's code</label><input id="code" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" required></div>
                    <button type="submit">Join</button></form>
                    """#)
            } else {
                parts.append(#"<p>Pair this browser (<a href="/pair">Pair</a>) to join one here.</p>"#)
            }
        }
        parts.append("</section>")
        return HTML.page(title: "eartrainer · class", current: "/class", main: parts.joined(separator: "\n"), script: false)
    }
}

import ClientViews
import ControlProtocol
import Training

/// The page at `/`: the live panel as `status` shows it (so it works without JavaScript), the
/// session's controls, and the form that starts an exercise. Controls are forms that post to
/// `/session/…`; they are drawn only for a peer allowed to use them (loopback, for now).
public enum LivePage {
    /// What the page says when the daemon did not answer.
    public struct Away: Sendable {
        public var reason: String
        public init(reason: String) { self.reason = reason }
    }

    /// The page for `status` (nil: the daemon is away, and `away` says why).
    public static func html(status: StatusResult?, away: Away? = nil, controls: Bool) -> String {
        var state = WatchState()
        state.apply(status: status?.session)
        var main: [String] = []
        if let away {
            main.append(#"<section id="live" aria-labelledby="exercise"><h1 id="exercise">The daemon is not answering</h1><p class="note">\#(HTML.escaped(away.reason))</p><p class="note">This page connects again by itself once it is back.</p></section>"#)
        } else {
            main.append(#"<section id="live" aria-labelledby="exercise">\#n\#(LivePanel.html(state, ready: status?.ready, elapsed: state.sessionSeconds))\#n</section>"#)
        }
        main.append(sessionControls(running: state.running, allowed: controls))
        main.append(startForm(running: state.running, allowed: controls))
        return HTML.page(title: state.running ? "eartrainer · \(state.exercise)" : "eartrainer", current: "/", main: main.joined(separator: "\n"), script: true)
    }

    /// Repeat, skip, stop: one form each, so they work without JavaScript.
    static func sessionControls(running: Bool, allowed: Bool) -> String {
        guard allowed else {
            return #"<section id="controls" aria-label="session controls"><p class="note">Controls work only from the machine eartrainer runs on for now (pairing a phone comes later).</p></section>"#
        }
        let buttons = [("repeat", "Repeat"), ("skip", "Skip"), ("stop", "Stop")].map { action, label in
            #"<form method="post" action="/session/\#(action)"><button type="submit" name="action" value="\#(action)">\#(label)</button></form>"#
        }
        return #"<section id="controls" class="controls" aria-label="session controls"\#(running ? "" : " hidden")>\#(buttons.joined())</section>"#
    }

    /// Starts any exercise kind the catalog holds, with a root and a profile (a class sharing one keyboard).
    static func startForm(running: Bool, allowed: Bool) -> String {
        guard allowed else { return "" }
        let kinds = ExerciseKind.allCases.map { kind in
            #"<option value="\#(HTML.escaped(kind.rawValue))">\#(HTML.escaped(kind.rawValue))</option>"#
        }.joined()
        return """
            <section id="start" aria-labelledby="start-heading"\(running ? " hidden" : "")>
            <h2 id="start-heading">Start an exercise</h2>
            <form method="post" action="/session/start" class="start">
            <label for="kind">Exercise</label><select id="kind" name="kind">\(kinds)</select>
            <label for="root">Root (optional)</label><input id="root" name="root" autocomplete="off" placeholder="D3" maxlength="8">
            <label for="profile">Profile (optional)</label><input id="profile" name="profile" autocomplete="off" maxlength="64" pattern="[A-Za-z0-9._-]{1,64}">
            <button type="submit">Start</button>
            </form>
            </section>
            """
    }

    /// A page that says what went wrong with an action, and leads back.
    public static func refusal(_ message: String) -> String {
        HTML.page(title: "eartrainer · not done", current: "", main: #"<section id="live"><h1 id="exercise">Not done</h1><p class="note">\#(HTML.escaped(message))</p><p><a href="/">Back to the session</a></p></section>"#, script: false)
    }
}

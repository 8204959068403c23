import ClientViews
import ControlProtocol
import Training

/// The page at `/`: the live panel as `status` shows it (so it works without JavaScript), the
/// session's controls, and the form that starts an exercise. Controls are forms that post to
/// `/session/…`; they are drawn only for a visitor allowed to use them (a paired browser, on this machine too).
public enum LivePage {
    /// What the page says when the daemon did not answer.
    public struct Away: Sendable {
        public var reason: String
        public init(reason: String) { self.reason = reason }
    }

    /// What a visitor allowed to control gets on the page: the forms, with the token they carry.
    public struct Controls: Sendable {
        /// The visitor's `csrf` token (a paired browser's), put in every form.
        public var csrf: String?
        /// The profiles the statistics know, offered by the start form's profile field.
        public var profiles: [String]
        public init(csrf: String? = nil, profiles: [String] = []) {
            self.csrf = csrf
            self.profiles = profiles
        }
    }

    /// The page for `status` (nil: the daemon is away, and `away` says why). `controls`: nil for
    /// a visitor who may only look.
    public static func html(status: StatusResult?, away: Away? = nil, controls: Controls?) -> String {
        var state = WatchState()
        state.apply(status: status?.session)
        var main: [String] = []
        if let away {
            main.append(#"<section id="live" aria-labelledby="exercise"><h1 id="exercise">The daemon is not answering</h1><p class="note">\#(HTML.escaped(away.reason))</p><p class="note">This page connects again by itself once it is back.</p></section>"#)
        } else {
            main.append(#"<section id="live" aria-labelledby="exercise">\#n\#(LivePanel.html(state, ready: status?.ready, plan: status?.plan, elapsed: state.sessionSeconds))\#n</section>"#)
        }
        main.append(sessionControls(running: state.running, controls: controls))
        if let controls {
            main.append(#"<section id="start" aria-labelledby="start-heading"\#(state.running ? " hidden" : "")>\#(StartForm.html(profiles: controls.profiles, csrf: controls.csrf))</section>"#)
        }
        return HTML.page(title: state.running ? "eartrainer · \(state.exercise)" : "eartrainer", current: "/", main: main.joined(separator: "\n"), script: true)
    }

    /// Repeat, skip, stop: one form each, so they work without JavaScript.
    static func sessionControls(running: Bool, controls: Controls?) -> String {
        guard let controls else {
            return #"<section id="controls" aria-label="session controls"><p class="note">To start, repeat, skip or stop from here, <a href="/pair">pair this browser</a>.</p></section>"#
        }
        let token = controls.csrf.map { #"<input type="hidden" name="csrf" value="\#($0)">"# } ?? ""
        let buttons = [("repeat", "Repeat"), ("skip", "Skip"), ("stop", "Stop")].map { action, label in
            #"<form method="post" action="/session/\#(action)">\#(token)<button type="submit" name="action" value="\#(action)">\#(label)</button></form>"#
        }
        return #"<section id="controls" class="controls" aria-label="session controls"\#(running ? "" : " hidden")>\#(buttons.joined())</section>"#
    }

    /// A page that says what went wrong with an action, and leads back.
    public static func refusal(_ message: String) -> String {
        HTML.page(title: "eartrainer · not done", current: "", main: #"<section id="live"><h1 id="exercise">Not done</h1><p class="note">\#(HTML.escaped(message))</p><p><a class="button" href="/">Back to the session</a></p></section>"#, script: false)
    }
}

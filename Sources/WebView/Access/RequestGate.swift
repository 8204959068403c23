import HTTPTypes
import Hummingbird
import Training

/// Who a request comes from, as far as the web view is concerned.
public struct Visitor: Sendable {
    /// How far the web view trusts the browser. Not its address: a peer on this machine may be
    /// any local account, and the daemon's socket admits only its user, root and the control
    /// group, so loopback proves no right (`eartrainctl web-pair`, which needs that right, does).
    public enum Standing: Sendable {
        /// A browser paired with a code: its cookie named this pairing.
        case paired(PairedBrowser)
        /// Anyone else, on this machine or on the network.
        case stranger
    }

    public var standing: Standing

    /// Whether it may start, repeat, skip and stop, and see any profile's statistics.
    public var mayControl: Bool {
        if case .paired = standing { true } else { false }
    }

    /// Whether it may see the session, under the config's viewing rule.
    public func mayView(_ viewing: WebViewing) -> Bool { viewing == .open || mayControl }

    /// What its forms must carry in `csrf`: a paired browser's token; nil for a stranger.
    public var csrf: String? {
        if case .paired(let browser) = standing { browser.csrf } else { nil }
    }
}

/// Who may do what. Viewing follows `web.viewing`; every control action, and another profile's
/// statistics, needs a paired browser (its cookie, and its forms' `csrf` field), from anywhere,
/// loopback included. Every state-changing request and every WebSocket upgrade must also come
/// from this site's own pages: a browser names the page a request comes from in `Origin`, and
/// one naming another site (or a name this server does not answer to, `ServedHosts`) is
/// refused, so a page elsewhere cannot post a form here (CSRF) nor read the live session.
enum RequestGate {
    /// The cookie that carries a paired browser's token.
    static let cookieName = "eartrainer_pair"

    /// Who sent `request`: a paired browser when its cookie names a pairing, else a stranger.
    static func visitor(_ request: Request, browsers: PairedBrowsers) -> Visitor {
        Visitor(standing: browsers.browser(token: cookie(cookieName, in: request.headers)).map(Visitor.Standing.paired) ?? .stranger)
    }

    /// A cookie's value from the `Cookie` headers (`a=1; b=2`).
    static func cookie(_ name: String, in headers: HTTPFields) -> String? {
        for header in headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }

    /// Whether a request comes from this site's pages, or from no page at all. A browser sends
    /// `Origin` as its page's `http(s)://host:port` (or `null` for a sandboxed or file page): every
    /// such value must be one of `hosts`' own, never merely the request's `Host`, which a rebound
    /// name sets too. A `ws://` origin is no page's: a program (the WebSocket test client) that
    /// could send anything, so checking it would protect nothing.
    static func sameOrigin(_ request: Request, hosts: ServedHosts) -> Bool {
        request.headers[values: .origin].allSatisfy { origin in
            origin.hasPrefix("ws://") || origin.hasPrefix("wss://") || hosts.isOwn(origin: origin)
        }
    }

    /// Why a control action is refused, or nil when it is allowed. `form` is the posted form.
    static func controlRefusal(_ request: Request, visitor: Visitor, form: FormFields, hosts: ServedHosts) -> String? {
        guard case .paired(let browser) = visitor.standing else { return pairingNeeded }
        if !sameOrigin(request, hosts: hosts) { return "This request came from another site's page, so it was not carried out." }
        if form["csrf"] != browser.csrf {
            return "This form is older than this browser's pairing (or came from elsewhere): reload the page and try again."
        }
        return nil
    }

    /// What a visitor without a pairing is told when it asks for control.
    static let pairingNeeded = "This needs this browser paired: on the machine, run 'eartrainctl web-pair' and type its code on the pairing page (/pair)."
}

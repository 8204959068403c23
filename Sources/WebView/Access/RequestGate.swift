import ConfigFile
import HTTPTypes
import Hummingbird

/// Who a request comes from, as far as the web view is concerned.
public struct Visitor: Sendable {
    /// How far the web view trusts the browser.
    public enum Standing: Sendable {
        /// A peer on this machine (127.0.0.0/8, `::1`): it could use `eartrainctl` anyway.
        case local
        /// A browser paired with a code: its cookie named this pairing.
        case paired(PairedBrowser)
        /// Anyone else on the network.
        case stranger
    }

    public var standing: Standing

    /// Whether it may start, repeat, skip and stop.
    public var mayControl: Bool {
        if case .stranger = standing { false } else { true }
    }

    /// Whether it may see the session, under the config's viewing rule.
    public func mayView(_ viewing: WebViewing) -> Bool { viewing == .open || mayControl }

    /// What its forms must carry in `csrf`: a paired browser's token; nil for the machine itself.
    public var csrf: String? {
        if case .paired(let browser) = standing { browser.csrf } else { nil }
    }
}

/// Who may do what. The machine itself (loopback) may do everything; from anywhere else viewing
/// follows `web.viewing` and every control action needs a paired browser (its cookie, and its
/// forms' `csrf` field). Every state-changing request and every WebSocket upgrade must also come
/// from this site's own pages: a browser names the page a request comes from in `Origin`, and
/// one naming another site is refused, so a page elsewhere cannot post a form here (CSRF) nor
/// read the live session.
enum RequestGate {
    /// The cookie that carries a paired browser's token.
    static let cookieName = "eartrainer_pair"

    /// Whether `address` is a loopback address (127.0.0.0/8, ::1, or 127.x mapped into IPv6).
    static func isLoopback(_ address: String?) -> Bool {
        guard let address else { return false }
        return address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }

    /// Who sent `request`: a paired browser when its cookie names a pairing, else the machine
    /// itself or a stranger by its address.
    static func visitor(_ request: Request, context: WebRequestContext, browsers: PairedBrowsers) -> Visitor {
        if let browser = browsers.browser(token: cookie(cookieName, in: request.headers)) { return Visitor(standing: .paired(browser)) }
        return Visitor(standing: isLoopback(context.peerAddress) ? .local : .stranger)
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
    /// such value must be this site's. A `ws://` origin is no page's: a program (the WebSocket test
    /// client) that could send anything, so checking it would protect nothing.
    static func sameOrigin(_ request: Request) -> Bool {
        let origins = request.headers[values: .origin]
        if origins.isEmpty { return true }
        let host = request.head.authority
        return origins.allSatisfy { origin in
            if origin.hasPrefix("ws://") || origin.hasPrefix("wss://") { return true }
            guard let host else { return false }
            return origin == "http://" + host || origin == "https://" + host
        }
    }

    /// Why a control action is refused, or nil when it is allowed. `form` is the posted form.
    static func controlRefusal(_ request: Request, visitor: Visitor, form: FormFields) -> String? {
        if !visitor.mayControl {
            return "Controls from another machine need this browser paired: on the machine, run 'eartrainctl web-pair' and type its code on the pairing page (/pair)."
        }
        if !sameOrigin(request) { return "This request came from another site's page, so it was not carried out." }
        if let csrf = visitor.csrf, form["csrf"] != csrf {
            return "This form is older than this browser's pairing (or came from elsewhere): reload the page and try again."
        }
        return nil
    }
}

import Hummingbird

/// Who may do what. Viewing is open to whoever reaches the port (loopback unless `--listen`
/// says otherwise); a control action (start, repeat, skip, stop) only from a loopback peer in
/// this first version (pairing a phone comes later, docs/web.md). Every state-changing request
/// and every WebSocket upgrade must also come from this site's own pages: a browser names the
/// page a request comes from in `Origin`, and one naming another site is refused, so a page
/// elsewhere cannot post a form here (CSRF) nor read the live session.
enum RequestGate {
    /// Whether `address` is a loopback address (127.0.0.0/8, ::1, or 127.x mapped into IPv6).
    static func isLoopback(_ address: String?) -> Bool {
        guard let address else { return false }
        return address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
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

    /// Why a control action is refused, or nil when it is allowed.
    static func controlRefusal(_ request: Request, context: WebRequestContext) -> String? {
        if !isLoopback(context.peerAddress) {
            return "Controls are allowed only from the machine eartrainer-web runs on for now; pairing a phone or tablet comes later."
        }
        if !sameOrigin(request) { return "This request came from another site's page, so it was not carried out." }
        return nil
    }
}

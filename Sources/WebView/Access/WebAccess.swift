import Hummingbird
import Training

/// What the routes share to decide who may do what: the viewing rule, the paired browsers, the
/// names served (for `Origin`), the pairing tries' limit and the progress page's.
struct WebAccess: Sendable {
    let viewing: WebViewing
    let browsers: PairedBrowsers
    let hosts: ServedHosts
    let pairingTries: RateLimiter
    let progressRequests: RateLimiter

    func visitor(_ request: Request) -> Visitor {
        RequestGate.visitor(request, browsers: browsers)
    }
}

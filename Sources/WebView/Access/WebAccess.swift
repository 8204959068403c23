import Hummingbird
import Training

/// What the routes share to decide who may do what: the viewing rule, the paired browsers, the
/// names served (for `Origin`) and the pairing tries' limit.
struct WebAccess: Sendable {
    let viewing: WebViewing
    let browsers: PairedBrowsers
    let hosts: ServedHosts
    let pairingTries: RateLimiter

    func visitor(_ request: Request) -> Visitor {
        RequestGate.visitor(request, browsers: browsers)
    }
}

import ConfigFile
import Hummingbird

/// What the routes share to decide who may do what: the viewing rule, the paired browsers and
/// the pairing tries' limit.
struct WebAccess: Sendable {
    let viewing: WebViewing
    let browsers: PairedBrowsers
    let pairingTries: RateLimiter

    func visitor(_ request: Request, _ context: WebRequestContext) -> Visitor {
        RequestGate.visitor(request, context: context, browsers: browsers)
    }
}

import ControlProtocol
import Foundation
import HTTPTypes
import Hummingbird

/// `/pair`: a browser trades a code from `eartrainctl web-pair` for a cookie. The daemon checks
/// the code (`pairing.redeem`: eight digits, five minutes, once); the web view then pairs the
/// browser and sets its cookie — HttpOnly (no script reads it), SameSite=Strict (no other site's
/// request carries it), expiring with the pairing. Tries are limited per address, and the code
/// travels only in the posted form, never in a URL or a log.
struct PairingRoutes<Daemon: DaemonLink> {
    let daemon: Daemon
    let access: WebAccess

    func add(to router: Router<WebRequestContext>) {
        router.get("/pair") { request, context in
            Responses.page(PairingPage.html(visitor: access.visitor(request)))
        }
        router.post("/pair") { request, context in
            let form = FormFields(String(buffer: try await request.body.collect(upTo: 1024)))
            guard RequestGate.sameOrigin(request, hosts: access.hosts) else {
                return Responses.page(PairingPage.html(refusal: "This request came from another site's page."), status: .forbidden)
            }
            guard access.pairingTries.allow(context.peerAddress) else {
                return Responses.tooMany(PairingPage.html(refusal: "Too many tries from this address: wait a minute, then try a new code."),
                                         limiter: access.pairingTries, address: context.peerAddress)
            }
            guard let code = form.text("code"), code.count <= 16 else {
                return Responses.page(PairingPage.html(refusal: "Type the eight digits 'eartrainctl web-pair' shows."), status: .badRequest)
            }
            do throws(DaemonFailure) {
                let params = PairingRedeemParams(code: code, address: context.peerAddress)
                _ = try await daemon.call(.pairingRedeem, params: Wire.value(params))
            } catch .refused(let error) {
                return Responses.page(PairingPage.html(refusal: error.message), status: .forbidden)
            } catch {
                return Responses.page(PairingPage.html(refusal: error.description), status: .serviceUnavailable)
            }
            let browser = access.browsers.pair(agent: BrowserName.summary(request.headers[.userAgent]), address: context.peerAddress)
            var response = Responses.seeOther("/")
            response.headers[.setCookie] = Self.cookie(browser.token, maxAge: Int(PairedBrowsers.lifetime))
            return response
        }
        router.post("/pair/forget") { request, context in
            let form = FormFields(String(buffer: try await request.body.collect(upTo: 1024)))
            let visitor = access.visitor(request)
            guard case .paired(let browser) = visitor.standing, RequestGate.sameOrigin(request, hosts: access.hosts), form["csrf"] == browser.csrf else {
                return Responses.page(PairingPage.html(refusal: "This browser is not paired, or the form is stale."), status: .forbidden)
            }
            access.browsers.forget(token: browser.token)
            var response = Responses.seeOther("/pair")
            response.headers[.setCookie] = Self.cookie("", maxAge: 0)
            return response
        }
    }

    /// The cookie: only over this site's own requests, never to a script.
    static func cookie(_ value: String, maxAge: Int) -> String {
        "\(RequestGate.cookieName)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Strict"
    }
}

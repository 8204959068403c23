import ClientViews
import ControlProtocol
import Hummingbird
import Training

/// The pages (`/`, `/results`, `/progress`) and the files they load, each page drawn from one
/// call to the daemon. A visitor who may not look (`web.viewing = "paired"`, not paired) gets the
/// pairing page; one who is not paired sees only the daemon's default profile's progress.
struct PageRoutes<Daemon: DaemonLink> {
    let daemon: Daemon
    let access: WebAccess

    func add(to router: Router<WebRequestContext>) {
        router.get("/") { request, context in
            let visitor = access.visitor(request)
            guard visitor.mayView(access.viewing) else { return PairingPage.mustPair() }
            let controls = visitor.mayControl ? LivePage.Controls(csrf: visitor.csrf, profiles: await profiles()) : nil
            var response: Response
            do throws(DaemonFailure) {
                response = Responses.page(LivePage.html(status: try await daemon.status(), controls: controls))
            } catch {
                response = Responses.page(LivePage.html(status: nil, away: .init(reason: error.description), controls: controls),
                                          status: .serviceUnavailable)
            }
            // The live page, opened every day, keeps a paired browser paired.
            if case .paired(let browser) = visitor.standing, let renewed = access.browsers.renew(browser) {
                response.headers[.setCookie] = PairingRoutes<Daemon>.cookie(renewed.token, maxAge: Int(PairedBrowsers.lifetime))
            }
            return response
        }
        router.get("/results") { request, context in
            guard access.visitor(request).mayView(access.viewing) else { return PairingPage.mustPair() }
            do throws(DaemonFailure) {
                return Responses.page(ResultsPage.html(try await daemon.call(.sessionResults, as: ResultsReport.self)))
            } catch .refused(let error) where error.code == ErrorCode.noResults.rawValue {
                return Responses.page(ResultsPage.html(nil))
            } catch {
                return Responses.page(ResultsPage.html(nil, away: error.description), status: .serviceUnavailable)
            }
        }
        router.get("/progress") { request, context in
            let visitor = access.visitor(request)
            guard visitor.mayView(access.viewing) else { return PairingPage.mustPair() }
            // Each load reads the statistics: an address has a smaller allowance here than for pages.
            guard access.progressRequests.allow(context.peerAddress) else {
                return Responses.tooMany(LivePage.refusal("Too many progress pages from this address: wait a moment and reload."),
                                         limiter: access.progressRequests, address: context.peerAddress)
            }
            var params = StatsGetParams()
            if let name = request.uri.queryParameters["profile"].map(String.init), !name.isEmpty {
                // Another profile's figures are as private as its controls: a paired browser's.
                guard visitor.mayControl else {
                    return Responses.page(ProgressPage.html(nil, mayPick: false, away: RequestGate.pairingNeeded), status: .forbidden)
                }
                guard ProfileName.isValid(name) else {
                    return Responses.page(ProgressPage.html(nil, mayPick: true, away: "No such profile: \(ProfileName.rule)."), status: .badRequest)
                }
                params.profile = name
            }
            do throws(DaemonFailure) {
                let progress = LifetimeProgress(try await daemon.call(.statsGet, params: Wire.value(params), as: StatsGetResult.self))
                return Responses.page(ProgressPage.html(progress, mayPick: visitor.mayControl))
            } catch {
                // Refused (statistics unavailable: its reason) or no daemon: nothing to draw either way.
                return Responses.page(ProgressPage.html(nil, mayPick: false, away: error.description), status: .serviceUnavailable)
            }
        }
        router.get(.init(stringLiteral: WebStyle.path)) { _, _ in Responses.asset(WebStyle.css, type: "text/css; charset=utf-8") }
        router.get(.init(stringLiteral: LiveScript.path)) { _, _ in
            Responses.asset(LiveScript.source, type: "text/javascript; charset=utf-8")
        }
    }

    /// The profiles the statistics know (`stats.get`'s `profiles`), or none when it cannot say.
    private func profiles() async -> [String] {
        (try? await daemon.call(.statsGet, as: StatsGetResult.self))?.profiles ?? []
    }
}

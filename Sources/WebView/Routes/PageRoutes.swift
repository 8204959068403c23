import ClientViews
import ControlProtocol
import Hummingbird

/// The pages (`/`, `/results`) and the files they load, each page drawn from one call to the daemon.
struct PageRoutes<Daemon: DaemonLink> {
    let daemon: Daemon

    func add(to router: Router<WebRequestContext>) {
        router.get("/") { _, context in
            let controls = RequestGate.isLoopback(context.peerAddress)
            do throws(DaemonFailure) {
                return Responses.page(LivePage.html(status: try await daemon.status(), controls: controls))
            } catch {
                return Responses.page(LivePage.html(status: nil, away: .init(reason: error.description), controls: controls),
                                      status: .serviceUnavailable)
            }
        }
        router.get("/results") { _, _ in
            do throws(DaemonFailure) {
                return Responses.page(ResultsPage.html(SessionResults(try await daemon.call(.sessionResults))))
            } catch .refused(let error) where error.code == ErrorCode.noResults.rawValue {
                return Responses.page(ResultsPage.html(nil))
            } catch {
                return Responses.page(ResultsPage.html(nil, away: error.description), status: .serviceUnavailable)
            }
        }
        router.get(.init(stringLiteral: WebStyle.path)) { _, _ in Responses.asset(WebStyle.css, type: "text/css; charset=utf-8") }
        router.get(.init(stringLiteral: LiveScript.path)) { _, _ in
            Responses.asset(LiveScript.source, type: "text/javascript; charset=utf-8")
        }
    }
}

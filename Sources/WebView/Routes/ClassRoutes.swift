import ControlProtocol
import Hummingbird

/// The class page and its two forms: `GET /class`, `POST /class/join` (the hub's URL and the
/// teacher's code, as `class.join`) and `POST /class/leave`. The forms are a paired browser's,
/// checked by `RequestGate` as the session's are; the daemon's refusal (a code the hub did not
/// take, a hub out of reach) is shown on the page.
struct ClassRoutes<Daemon: DaemonLink> {
    let daemon: Daemon
    let access: WebAccess

    func add(to router: Router<WebRequestContext>) {
        router.get("/class") { request, _ in
            let visitor = access.visitor(request)
            guard visitor.mayView(access.viewing) else { return PairingPage.mustPair() }
            return await page(csrf: visitor.csrf)
        }
        router.post("/class/join") { request, _ in
            let form = FormFields(String(buffer: try await request.body.collect(upTo: ActionRoutes<Daemon>.formLimit)))
            let visitor = access.visitor(request)
            if let refusal = RequestGate.controlRefusal(request, visitor: visitor, form: form, hosts: access.hosts) {
                return Responses.page(LivePage.refusal(refusal), status: .forbidden)
            }
            guard let url = form.text("url"), let code = form.text("code") else {
                return await page(csrf: visitor.csrf, note: "Give the hub's address and the teacher's code.", status: .badRequest)
            }
            return await carryOut(.classJoin, params: Wire.value(ClassJoinParams(url: url, code: code)), csrf: visitor.csrf)
        }
        router.post("/class/leave") { request, _ in
            let form = FormFields(String(buffer: try await request.body.collect(upTo: ActionRoutes<Daemon>.formLimit)))
            let visitor = access.visitor(request)
            if let refusal = RequestGate.controlRefusal(request, visitor: visitor, form: form, hosts: access.hosts) {
                return Responses.page(LivePage.refusal(refusal), status: .forbidden)
            }
            return await carryOut(.classLeave, params: nil, csrf: visitor.csrf)
        }
    }

    private func carryOut(_ method: ControlProtocol.Method, params: JSONValue?, csrf: String?) async -> Response {
        do throws(DaemonFailure) {
            _ = try await daemon.call(method, params: params)
            return Responses.seeOther("/class")
        } catch .refused(let error) {
            return await page(csrf: csrf, note: error.message, status: .conflict)
        } catch {
            return Responses.page(ClassPage.html(nil, csrf: nil, away: error.description), status: .serviceUnavailable)
        }
    }

    private func page(csrf: String?, note: String? = nil, status code: HTTPResponse.Status = .ok) async -> Response {
        do throws(DaemonFailure) {
            let status = try await daemon.call(.classStatus, as: ClassStatusResult.self)
            return Responses.page(ClassPage.html(status, csrf: csrf, note: note), status: code)
        } catch {
            return Responses.page(ClassPage.html(nil, csrf: nil, note: note, away: error.description), status: .serviceUnavailable)
        }
    }
}

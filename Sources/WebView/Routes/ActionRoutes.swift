import ControlProtocol
import Foundation
import Hummingbird
import Training

/// The control actions, each a form's post: `/session/start`, `/session/repeat`, `/session/skip`,
/// `/session/stop`. Each is checked by `RequestGate` (a paired browser, one of this site's pages,
/// the form's token), carried out as the daemon's method of the same name, and answered with a
/// redirect to the page to see next, or a page saying why it was not done (403 refused here,
/// 400 a form that cannot be read, 409 refused by the daemon, 503 no daemon).
struct ActionRoutes<Daemon: DaemonLink> {
    let daemon: Daemon
    let access: WebAccess
    /// The largest form body read; the start form is well under it.
    static var formLimit: Int { 4096 }

    func add(to router: Router<WebRequestContext>) {
        let simple: [(String, ControlProtocol.Method, String)] = [
            ("repeat", .sessionRepeat, "/"), ("skip", .sessionSkip, "/"), ("stop", .sessionStop, "/results"),
        ]
        for (action, method, next) in simple {
            router.post(.init(stringLiteral: "/session/\(action)")) { request, context in
                let form = FormFields(String(buffer: try await request.body.collect(upTo: Self.formLimit)))
                if let refusal = RequestGate.controlRefusal(request, visitor: access.visitor(request), form: form, hosts: access.hosts) {
                    return Self.refused(refusal)
                }
                return await carryOut(method, params: nil, next: next)
            }
        }
        router.post("/session/start") { request, context in
            let form = FormFields(String(buffer: try await request.body.collect(upTo: Self.formLimit)))
            if let refusal = RequestGate.controlRefusal(request, visitor: access.visitor(request), form: form, hosts: access.hosts) {
                return Self.refused(refusal)
            }
            let params: SessionStartParams
            do throws(ExerciseParams.Refusal) {
                params = try StartForm.params(form)
            } catch {
                return Responses.page(LivePage.refusal("The form could not be read: \(error.description)."), status: .badRequest)
            }
            return await carryOut(.sessionStart, params: Wire.value(params), next: "/")
        }
    }

    private func carryOut(_ method: ControlProtocol.Method, params: JSONValue?, next: String) async -> Response {
        do throws(DaemonFailure) {
            _ = try await daemon.call(method, params: params)
            return Responses.seeOther(next)
        } catch .refused(let error) {
            return Responses.page(LivePage.refusal(error.message), status: .conflict)
        } catch {
            return Responses.page(LivePage.refusal(error.description), status: .serviceUnavailable)
        }
    }

    private static func refused(_ why: String) -> Response {
        Responses.page(LivePage.refusal(why), status: .forbidden)
    }
}

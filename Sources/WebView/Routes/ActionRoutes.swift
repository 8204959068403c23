import ControlProtocol
import Foundation
import Hummingbird
import MusicTheory
import Training

/// The control actions, each a form's post: `/session/start`, `/session/repeat`, `/session/skip`,
/// `/session/stop`. Each is checked by `RequestGate` (loopback, same site), carried out as the
/// daemon's method of the same name, and answered with a redirect to the page to see next, or a
/// page saying why it was not done (403 refused here, 409 refused by the daemon, 503 no daemon).
struct ActionRoutes<Daemon: DaemonLink> {
    let daemon: Daemon
    /// The largest form body read; the start form is well under it.
    static var formLimit: Int { 4096 }

    func add(to router: Router<WebRequestContext>) {
        let simple: [(String, ControlProtocol.Method, String)] = [
            ("repeat", .sessionRepeat, "/"), ("skip", .sessionSkip, "/"), ("stop", .sessionStop, "/results"),
        ]
        for (action, method, next) in simple {
            router.post(.init(stringLiteral: "/session/\(action)")) { request, context in
                if let refusal = RequestGate.controlRefusal(request, context: context) { return Self.refused(refusal) }
                _ = try await request.body.collect(upTo: Self.formLimit)
                return await carryOut(method, params: nil, next: next)
            }
        }
        router.post("/session/start") { request, context in
            if let refusal = RequestGate.controlRefusal(request, context: context) { return Self.refused(refusal) }
            let body = try await request.body.collect(upTo: Self.formLimit)
            let form: StartForm
            do {
                form = try URLEncodedFormDecoder().decode(StartForm.self, from: String(buffer: body))
            } catch {
                return Responses.page(LivePage.refusal("The form could not be read: choose an exercise."), status: .badRequest)
            }
            let params: SessionStartParams
            do {
                params = try form.params()
            } catch {
                return Responses.page(LivePage.refusal("\(error)"), status: .badRequest)
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

/// The start form's fields: the kind, and optionally a root and a profile. The daemon checks
/// them as it checks `eartrainctl start`'s (an unknown kind here is refused before it is sent).
struct StartForm: Decodable {
    var kind: String
    var root: String?
    var profile: String?

    /// The `session.start` params the form asks for.
    func params() throws -> SessionStartParams {
        var params = SessionStartParams(kind: try ExerciseKind(choosing: kind))
        if let root = root?.trimmingCharacters(in: .whitespaces), !root.isEmpty { params.set("root", .string(root)) }
        if let profile = profile?.trimmingCharacters(in: .whitespaces), !profile.isEmpty { params.profile = profile }
        return params
    }
}

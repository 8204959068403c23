import HTTPTypes
import Hummingbird

/// Refuses a request whose `Host` is not a name this server answers to (`ServedHosts`) with 421
/// Misdirected Request, before any route and before any WebSocket upgrade: a page whose name was
/// rebound to this machine reads nothing and changes nothing.
struct HostMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext
    let hosts: ServedHosts

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard hosts.serves(host: request.head.authority) else {
            var response = Responses.page(LivePage.refusal("This server does not answer to that name: open it by the address 'eartrainctl web-pair' shows."),
                                          status: .misdirectedRequest)
            response.headers[.connection] = "close"
            return response
        }
        return try await next(request, context)
    }
}

import Hummingbird

/// Notes each request of a paired browser (its last-seen time and address, for
/// `eartrainctl web-pair --list`), before any route.
struct SeenMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext
    let browsers: PairedBrowsers

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        browsers.seen(token: RequestGate.cookie(RequestGate.cookieName, in: request.headers), from: context.peerAddress)
        return try await next(request, context)
    }
}

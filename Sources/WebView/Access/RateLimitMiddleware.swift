import HTTPTypes
import Hummingbird

/// Refuses a peer's request with 429 Too Many Requests once its allowance is spent, before any
/// route runs (and before any call to the daemon).
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext
    let limiter: RateLimiter

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard limiter.allow(context.peerAddress) else {
            return Responses.tooMany(LivePage.refusal("Too many requests from this address: wait a moment and reload."),
                                     limiter: limiter, address: context.peerAddress)
        }
        return try await next(request, context)
    }
}

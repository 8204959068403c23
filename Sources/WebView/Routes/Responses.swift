import HTTPTypes
import Hummingbird

/// The responses the routes give: pages, assets, redirects, each with the headers every answer
/// carries (no caching of live pages, nothing loaded from elsewhere, no referrer sent to another
/// site; `same-origin`, not `no-referrer`, under which a browser names a form's own page `null` in
/// `Origin` and the origin check could not tell it from another site's).
enum Responses {
    /// Only this site's own script, style, images and WebSocket; no frames, forms post here only.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    static func headers(_ contentType: String, cache: String = "no-store") -> HTTPFields {
        [
            .contentType: contentType, .cacheControl: cache, .contentSecurityPolicy: contentSecurityPolicy,
            HTTPField.Name("X-Content-Type-Options")!: "nosniff", HTTPField.Name("Referrer-Policy")!: "same-origin",
        ]
    }

    static func page(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: headers("text/html; charset=utf-8"), body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// `html` as a 429, with `Retry-After` saying when `limiter` lets `address` in again.
    static func tooMany(_ html: String, limiter: RateLimiter, address: String?) -> Response {
        var response = page(html, status: .tooManyRequests)
        response.headers[.retryAfter] = String(limiter.wait(address))
        return response
    }

    /// A file of the binary (style, script), cached for a minute: small, and new with each release.
    static func asset(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: headers(type, cache: "max-age=60"), body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// After a form's post, the page to show (303: fetched with GET, so a reload posts nothing again).
    static func seeOther(_ path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path, .cacheControl: "no-store"])
    }
}

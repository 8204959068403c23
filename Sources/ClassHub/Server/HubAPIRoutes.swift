import ClassProtocol
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOPosix

/// The boxes' API, JSON over HTTPS:
///
/// - `POST /api/v1/join`: a one-time code and the box's public key → the box's id and token;
/// - `GET /api/v1/box`: where the hub holds the box, and the plan it is to follow (`BoxState`);
/// - `POST /api/v1/answers`: a page of answers (`AnswerPush`) → `PushReceipt`.
///
/// The last two take `Authorization: Bearer TOKEN` and `X-Box-Signature`, the box's signature of
/// the method, the path and the body (`RequestSignature`). A refusal is a `HubRefusal` with its
/// status: 400 a request that cannot be read, 401 an unknown token or a bad signature, 409
/// `ask_again`, 410 `left`, 413 too large.
struct HubAPIRoutes {
    let store: HubStore
    /// The largest body read: a page of `AnswerPush.largestPage` answers is well under it.
    static let bodyLimit = 4 << 20

    func add(to router: Router<HubRequestContext>) {
        router.post("/api/v1/join") { request, _ in
            try await respond {
                let join: JoinRequest = try await Self.decode(request)
                return try await Self.blocking { try store.join(join) }
            }
        }
        router.get("/api/v1/box") { request, _ in
            try await respond {
                let box = try await authenticate(request, body: [])
                return try await Self.blocking { try store.state(of: box) }
            }
        }
        router.post("/api/v1/answers") { request, _ in
            try await respond {
                let body = try await request.body.collect(upTo: Self.bodyLimit)
                let bytes = Array(buffer: body)
                let box = try await authenticate(request, body: bytes)
                let push: AnswerPush
                do { push = try JSONDecoder().decode(AnswerPush.self, from: Data(bytes)) } catch {
                    throw HubRefusal(error: "bad_request", message: "the push cannot be read: \(error)")
                }
                return try await Self.blocking { try store.push(push, from: box) }
            }
        }
    }

    /// The box whose token and signature the request carries.
    private func authenticate(_ request: Request, body: [UInt8]) async throws -> HubStore.Box {
        guard let authorization = request.headers[.authorization], authorization.hasPrefix("Bearer ") else {
            throw HubRefusal(error: "bad_token", message: "a box's request carries its token: Authorization: Bearer …")
        }
        let token = String(authorization.dropFirst("Bearer ".count))
        guard let box = try await Self.blocking({ try store.box(token: token) }) else {
            throw HubRefusal(error: "bad_token", message: "the hub gave no such token")
        }
        let signature = request.headers[HTTPField.Name("X-Box-Signature")!] ?? ""
        guard RequestSignature.verify(signature, method: request.method.rawValue, path: request.uri.path, body: body,
                                      publicKey: box.publicKey) else {
            throw HubRefusal(error: "bad_signature", message: "the request is not signed by the box's key")
        }
        guard box.leftAt == nil else { throw HubRefusal(error: "left", message: "this box has left the class") }
        return box
    }

    /// The value as JSON, or the refusal with its status.
    private func respond<Value: Encodable>(_ body: () async throws -> Value) async throws -> Response {
        do {
            return try Self.json(try await body(), status: .ok)
        } catch let refusal as HubRefusal {
            return try Self.json(refusal, status: Self.status(of: refusal))
        }
    }

    static func status(of refusal: HubRefusal) -> HTTPResponse.Status {
        switch refusal.error {
        case "bad_token", "bad_signature", "unknown_code": .unauthorized
        case "unknown_student": .notFound
        case "code_used", "ask_again": .conflict
        case "left": .gone
        case "too_large": .contentTooLarge
        default: .badRequest
        }
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Response(status: status, headers: [.contentType: "application/json"],
                        body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }

    static func decode<Value: Decodable>(_ request: Request) async throws -> Value {
        let body = try await request.body.collect(upTo: bodyLimit)
        do { return try JSONDecoder().decode(Value.self, from: Data(body.readableBytesView)) } catch {
            throw HubRefusal(error: "bad_request", message: "the request cannot be read: \(error)")
        }
    }

    /// Runs a store call on NIO's thread pool: the store blocks.
    static func blocking<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await NIOThreadPool.singleton.runIfActive(body)
    }
}

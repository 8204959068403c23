import ClassProtocol
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// The box's HTTPS client to its hub: one connection per request, the hub's certificate accepted
/// only when its SHA-256 is the fingerprint the class code carried, every request but the join
/// signed by the box's key.
public struct HubHTTPClient: HubTransport {
    public let address: HubAddress
    public let fingerprint: String
    let token: String
    let key: P256.Signing.PrivateKey
    /// How long a request may take, connection included.
    public var timeout: TimeAmount = .seconds(30)

    public init(membership: ClassMembership) throws {
        guard let address = HubAddress(membership.hub) else {
            throw HubError(status: 0, message: "\(membership.hub) is not a hub's address")
        }
        guard let raw = Data(base64Encoded: membership.key) else { throw HubError(status: 0, message: "the box's key cannot be read") }
        self.address = address
        fingerprint = membership.fingerprint
        token = membership.token
        key = try P256.Signing.PrivateKey(rawRepresentation: raw)
    }

    public func state() async throws -> BoxState {
        try await call("GET", "/api/v1/box", body: [])
    }

    public func push(_ push: AnswerPush) async throws -> PushReceipt {
        try await call("POST", "/api/v1/answers", body: Array(try JSONEncoder().encode(push)))
    }

    private func call<Reply: Decodable>(_ method: String, _ path: String, body: [UInt8]) async throws -> Reply {
        let signature = try RequestSignature.sign(method: method, path: path, body: body, key: key)
        let headers = [("Authorization", "Bearer \(token)"), ("X-Box-Signature", signature)]
        let response = try await Self.send(address, fingerprint: fingerprint, method: method, path: path,
                                           headers: headers, body: body, timeout: timeout)
        return try Self.decode(status: response.status, response.body)
    }

    /// Joins the class at `address` with `code`'s secret, pinning `fingerprint`: the box's new
    /// key's public half goes with it.
    public static func join(_ address: HubAddress, fingerprint: String, code: String, name: String,
                            key: P256.Signing.PrivateKey) async throws -> JoinReply {
        let request = JoinRequest(code: code, publicKey: key.publicKey.x963Representation.base64EncodedString(), name: name)
        let response = try await send(address, fingerprint: fingerprint, method: "POST", path: "/api/v1/join",
                                      headers: [], body: Array(try JSONEncoder().encode(request)), timeout: .seconds(30))
        return try decode(status: response.status, response.body)
    }

    static func decode<Reply: Decodable>(status: Int, _ body: [UInt8]) throws -> Reply {
        guard status == 200 else {
            let refusal = try? JSONDecoder().decode(HubRefusal.self, from: Data(body))
            throw HubError(status: status, code: refusal?.error, message: refusal?.message ?? "the hub answered \(status)")
        }
        do { return try JSONDecoder().decode(Reply.self, from: Data(body)) } catch {
            throw HubError(status: status, message: "the hub's answer cannot be read: \(error)")
        }
    }

    /// One request on a connection of its own, the hub's certificate pinned; its answer, of at most
    /// `largest` bytes.
    public static func send(_ address: HubAddress, fingerprint: String, method: String, path: String, headers: [(String, String)],
                            body: [UInt8], timeout: TimeAmount, largest: Int = 1 << 20) async throws -> HubHTTPResponse {
        let group = MultiThreadedEventLoopGroup.singleton
        let loop = group.next()
        let tls = address.secure ? try NIOSSLContext(configuration: .makeClientConfiguration()) : nil
        // Every way out completes the promise: one left unfulfilled is a fatal error in a debug
        // build (SwiftNIO's leak check), which a hub that could not be reached once was.
        let answer = loop.makePromise(of: HubHTTPResponse.self)
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        let handler = try NIOSSLClientHandler(
                            context: tls, serverHostname: address.isAddress ? nil : address.host,
                            customVerificationCallback: { certificates, verified in
                                let presented = (try? certificates.first?.toDERBytes()).map { HubCertificateFingerprint.of(der: $0) }
                                verified.succeed(presented == fingerprint ? .certificateVerified : .failed)
                            })
                        try channel.pipeline.syncOperations.addHandler(handler)
                    }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(ResponseCollector(answer: answer, limit: largest))
                }
            }
        let channel: Channel
        do { channel = try await bootstrap.connect(host: address.host, port: address.port).get() } catch {
            let unreachable = HubError(status: 0, message: "\(address) cannot be reached: \(error)")
            answer.fail(unreachable)
            throw unreachable
        }
        let deadline = loop.scheduleTask(in: timeout) {
            answer.fail(HubError(status: 0, message: "no answer from \(address) within \(timeout.nanoseconds / 1_000_000_000) s"))
            channel.close(promise: nil)
        }
        defer { deadline.cancel() }
        var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method), uri: path)
        head.headers.add(name: "Host", value: "\(address.host):\(address.port)")
        head.headers.add(name: "Connection", value: "close")
        if !headers.contains(where: { $0.0.lowercased() == "content-type" }) { head.headers.add(name: "Content-Type", value: "application/json") }
        head.headers.add(name: "Content-Length", value: String(body.count))
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        if !body.isEmpty { channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil) }
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        do { return try await answer.futureResult.get() } catch let error as HubError { throw error } catch {
            throw HubError(status: 0, message: "\(address): \(error)")
        }
    }
}

/// SHA-256 of a certificate's DER, lower-case hex, as the class code carries it.
enum HubCertificateFingerprint {
    static func of(der: [UInt8]) -> String {
        SHA256.hash(data: der).map { String(format: "%02x", $0) }.joined()
    }
}

/// An HTTP answer: its status, its header fields, its body.
public struct HubHTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
}

/// Collects an HTTP answer into a promise; a connection that ends first fails it.
private final class ResponseCollector: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPClientResponsePart
    private let answer: EventLoopPromise<HubHTTPResponse>
    private var status = 0
    private var headers: [(name: String, value: String)] = []
    private var body: [UInt8] = []
    /// The largest answer read.
    private let limit: Int

    init(answer: EventLoopPromise<HubHTTPResponse>, limit: Int) {
        self.answer = answer
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            status = Int(head.status.code)
            headers = head.headers.map { ($0.name, $0.value) }
        case .body(let buffer):
            guard body.count + buffer.readableBytes <= limit else {
                answer.fail(HubError(status: status, message: "the hub's answer is larger than \(limit) bytes"))
                context.close(promise: nil)
                return
            }
            body += buffer.readableBytesView
        case .end:
            answer.succeed(HubHTTPResponse(status: status, headers: headers, body: body))
            context.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        answer.fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        answer.fail(HubError(status: status, message: "the hub closed the connection before answering"))
    }
}

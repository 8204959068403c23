import ClassProtocol

/// How a box talks to its hub: HTTPS with the hub's certificate pinned (`HubHTTPClient`), or a
/// fake in the engine's tests.
public protocol HubTransport: Sendable {
    /// Where the hub holds the box (`GET /api/v1/box`).
    func state() async throws -> BoxState
    /// A page of answers (`POST /api/v1/answers`).
    func push(_ push: AnswerPush) async throws -> PushReceipt
}

/// A hub's answer that is not a success: its refusal, or an HTTP status without one.
public struct HubError: Error, Sendable, CustomStringConvertible {
    /// The HTTP status; 0 when no answer came (no connection, a timeout, a certificate refused).
    public var status: Int
    /// The hub's own refusal code (`ask_again`, `left`…), when it gave one.
    public var code: String?
    public var message: String

    public init(status: Int, code: String? = nil, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    public var description: String { status == 0 ? message : "\(status) \(code ?? ""): \(message)" }
}

/// A box joining a class (`POST /api/v1/join`): the one-time code's secret, the box's public key
/// (P-256, X9.63, base64) and the name it goes by.
public struct JoinRequest: Sendable, Hashable, Codable {
    public var code: String
    public var publicKey: String
    public var name: String

    public init(code: String, publicKey: String, name: String) {
        self.code = code
        self.publicKey = publicKey
        self.name = name
    }

    enum CodingKeys: String, CodingKey {
        case code, name
        case publicKey = "public_key"
    }
}

/// The hub's reply: who the box is now, and its token.
public struct JoinReply: Sendable, Hashable, Codable {
    public var box: String
    public var student: String
    /// The bearer token, shown once; the hub keeps its hash.
    public var token: String

    public init(box: String, student: String, token: String) {
        self.box = box
        self.student = student
        self.token = token
    }
}

/// Why the hub refused a request, as JSON with the HTTP status.
public struct HubRefusal: Sendable, Hashable, Codable, Error {
    /// A short code a client can branch on: `unknown_code`, `code_used`, `bad_token`,
    /// `bad_signature`, `ask_again`, `too_large`, `bad_request`, `left`.
    public var error: String
    /// The same in words.
    public var message: String

    public init(error: String, message: String) {
        self.error = error
        self.message = message
    }
}

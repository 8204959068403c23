/// `pairing.redeem` params: the code the browser was given, and the address it was typed at
/// (the web view gives the browser's), by which wrong tries are counted.
public struct PairingRedeemParams: Sendable, Hashable, Codable {
    public var code: String
    public var address: String?

    public init(code: String, address: String?) {
        self.code = code
        self.address = address
    }
}

/// `pairing.offer` result: a code a browser trades with the web view for a cookie.
public struct PairingOfferResult: Sendable, Hashable, Codable {
    /// Eight digits.
    public var code: String
    /// How long the code is good for.
    public var expiresInSeconds: Double

    public init(code: String, expiresInSeconds: Double) {
        self.code = code
        self.expiresInSeconds = expiresInSeconds
    }

    enum CodingKeys: String, CodingKey {
        case code
        case expiresInSeconds = "expires_in_seconds"
    }
}

/// `pairing.redeem` result: the code was good (a wrong one is an error, −32008).
public struct PairingRedeemResult: Sendable, Hashable, Codable {
    public var paired: Bool

    public init(paired: Bool = true) {
        self.paired = paired
    }
}

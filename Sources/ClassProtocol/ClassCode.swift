/// A class's one-time code as a teacher hands it out: the secret, a dot, and the hub's
/// certificate fingerprint (`K7QF-93XD-M2XA-PW4R.9c1e…`, 64 hex digits); a hub on plain HTTP on
/// the same machine has no fingerprint, and its code is the secret alone.
public struct ClassCode: Sendable, Hashable, CustomStringConvertible {
    public var secret: String
    /// SHA-256 of the hub's certificate, lower-case hex; empty for a plain-HTTP hub.
    public var fingerprint: String

    public init(secret: String, fingerprint: String) {
        self.secret = secret
        self.fingerprint = fingerprint
    }

    /// Reads a code as typed or pasted; nil when its fingerprint is not 64 hex digits.
    public init?(_ text: String) {
        let parts = text.trimmingSpaces.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let fingerprint = parts.count == 2 ? parts[1].lowercased() : ""
        guard !parts[0].isEmpty,
              fingerprint.isEmpty || (fingerprint.utf8.count == 64 && fingerprint.utf8.allSatisfy(Self.isHexDigit)) else { return nil }
        self.init(secret: String(parts[0]), fingerprint: fingerprint)
    }

    public var description: String { fingerprint.isEmpty ? secret : "\(secret).\(fingerprint)" }

    private static func isHexDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) }
}

extension String {
    var trimmingSpaces: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}

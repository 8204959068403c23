import Crypto
import Foundation

/// A box's signature of a request to its hub (`X-Box-Signature`): its key (P-256) signs the
/// method, the path and the body's SHA-256. The token says which box; the signature, that the
/// request comes from the box that holds the key, so a token copied elsewhere writes nothing.
/// Times are left out on purpose: a box's clock may be wrong, and a request sent again is harmless.
public enum RequestSignature {
    /// What is signed.
    static func message(method: String, path: String, body: [UInt8]) -> Data {
        let digest = SHA256.hash(data: body).map { String(format: "%02x", $0) }.joined()
        return Data("\(method.uppercased())\n\(path)\n\(digest)".utf8)
    }

    /// The signature, base64 of its DER form.
    public static func sign(method: String, path: String, body: [UInt8], key: P256.Signing.PrivateKey) throws -> String {
        try key.signature(for: message(method: method, path: path, body: body)).derRepresentation.base64EncodedString()
    }

    /// Whether `signature` is `publicKey`'s (X9.63, base64) for this request.
    public static func verify(_ signature: String, method: String, path: String, body: [UInt8], publicKey: String) -> Bool {
        guard let keyData = Data(base64Encoded: publicKey), let key = try? P256.Signing.PublicKey(x963Representation: keyData),
              let signatureData = Data(base64Encoded: signature),
              let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signatureData) else { return false }
        return key.isValidSignature(parsed, for: message(method: method, path: path, body: body))
    }
}

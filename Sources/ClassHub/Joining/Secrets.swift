import Crypto
import Foundation

/// The hub's secrets: codes and tokens made from the system's random source, and kept only as
/// their SHA-256.
enum Secrets {
    /// Crockford's base32: no I, L, O or U, so a code read aloud or typed is not misread.
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    /// A one-time code's secret: 80 random bits as 16 characters in groups of four
    /// (`K7QF-93XD-M2XA-PW4R`).
    static func code() -> String {
        var generator = SystemRandomNumberGenerator()
        let characters = (0..<16).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] }
        return stride(from: 0, to: 16, by: 4).map { String(characters[$0..<$0 + 4]) }.joined(separator: "-")
    }

    /// A code as typed, made canonical: upper case, no separators, the letters base32 reads as
    /// digits (`O` as 0, `I` and `L` as 1). Nil when it is not 16 such characters.
    static func canonicalCode(_ typed: String) -> String? {
        var canonical = ""
        for character in typed.uppercased() {
            switch character {
            case "-", " ": continue
            case "O": canonical.append("0")
            case "I", "L": canonical.append("1")
            case _ where alphabet.contains(character): canonical.append(character)
            default: return nil
            }
        }
        return canonical.count == 16 ? canonical : nil
    }

    /// A bearer token: 256 random bits, base64url without padding.
    static func token() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<4).flatMap { _ in withUnsafeBytes(of: generator.next() as UInt64) { Array($0) } }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// A new id: a lower-case UUID.
    static func id() -> String { UUID().uuidString.lowercased() }

    /// SHA-256, lower-case hex.
    static func hash(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }
}

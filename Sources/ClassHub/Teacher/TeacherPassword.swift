import ClassProtocol
import CryptoExtras
import Foundation

/// The teacher's password, kept as scrypt (N = 2^14, r = 8, p = 1: 16 MiB, BoringSSL's limit is 32)
/// with a salt of its own: `scrypt$14$8$1$SALT$HASH`, both base64.
enum TeacherPassword {
    static let logRounds = 14, blockSize = 8, parallelism = 1, length = 32

    static func hash(_ password: String) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let key = try derive(password, salt: salt, logRounds: logRounds, blockSize: blockSize, parallelism: parallelism)
        return "scrypt$\(logRounds)$\(blockSize)$\(parallelism)$\(Data(salt).base64EncodedString())$\(key.base64EncodedString())"
    }

    /// Whether `password` is the one `stored` was made from.
    static func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$").map(String.init)
        guard parts.count == 6, parts[0] == "scrypt", let logRounds = Int(parts[1]), let blockSize = Int(parts[2]),
              let parallelism = Int(parts[3]), (10...20).contains(logRounds), let salt = Data(base64Encoded: parts[4]),
              let expected = Data(base64Encoded: parts[5]),
              let key = try? derive(password, salt: Array(salt), logRounds: logRounds, blockSize: blockSize, parallelism: parallelism)
        else { return false }
        // Every byte compared, however early they differ.
        guard key.count == expected.count else { return false }
        return zip(key, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func derive(_ password: String, salt: [UInt8], logRounds: Int, blockSize: Int, parallelism: Int) throws -> Data {
        let key = try KDF.Scrypt.deriveKey(from: Array(password.utf8), salt: salt, outputByteCount: length,
                                           rounds: 1 << logRounds, blockSize: blockSize, parallelism: parallelism)
        return key.withUnsafeBytes { Data($0) }
    }
}

extension HubStore {
    /// Sets the teacher's password (`eartrainer-hub teacher-password`); at least 8 characters.
    public func setTeacherPassword(_ password: String) throws {
        guard password.count >= 8 else {
            throw HubRefusal(error: "bad_request", message: "a teacher's password has at least 8 characters")
        }
        let hash = try TeacherPassword.hash(password)
        try database.transaction { connection in
            try connection.run("DELETE FROM teacher")
            try connection.run("INSERT INTO teacher (name, password_hash) VALUES ('teacher', ?)", .text(hash))
        }
    }

    /// Whether `password` is the teacher's; false while none is set.
    public func isTeacherPassword(_ password: String) throws -> Bool {
        let stored = try database.read { connection in
            try connection.run("SELECT password_hash FROM teacher WHERE name = 'teacher'").first?.first?.asText
        }
        return stored.map { TeacherPassword.verify(password, against: $0) } ?? false
    }
}

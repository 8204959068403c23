#if canImport(Glibc)
import Glibc
#endif
import ClassProtocol
import Foundation

/// What a box keeps of the class it joined, in `class.json` beside its statistics (mode 0600):
/// the hub, how to recognise it, who the box is there, and its credentials.
public struct ClassMembership: Sendable, Hashable, Codable {
    /// The hub's address (`https://hub.school.example:8443`).
    public var hub: String
    /// The SHA-256 of the hub's certificate (DER), lower-case hex: the only certificate the box
    /// accepts from it. Empty for a plain `http://` hub on a loopback address.
    public var fingerprint: String
    public var box: String
    public var student: String
    /// The statistics profile whose answers are pushed.
    public var profile: String
    public var token: String
    /// The box's signing key (P-256, raw, base64).
    public var key: String
    public var joinedAt: Double
    /// The lesson plan the hub last sent (`BoxState.assignment`), kept so that the box follows it
    /// while the hub is away.
    public var assignment: ClassAssignment?

    public init(hub: String, fingerprint: String, box: String, student: String, profile: String, token: String, key: String,
                joinedAt: Double, assignment: ClassAssignment? = nil) {
        self.hub = hub
        self.fingerprint = fingerprint
        self.box = box
        self.student = student
        self.profile = profile
        self.token = token
        self.key = key
        self.joinedAt = joinedAt
        self.assignment = assignment
    }

    enum CodingKeys: String, CodingKey {
        case hub, fingerprint, box, student, profile, token, key, assignment
        case joinedAt = "joined_at"
    }

    /// The file beside the statistics file at `database`.
    public static func path(besideDatabase database: String) -> String {
        (database as NSString).deletingLastPathComponent + "/class.json"
    }

    /// Reads the membership at `path`; nil when the box is in no class.
    public static func load(path: String) throws -> ClassMembership? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try JSONDecoder().decode(ClassMembership.self, from: data)
    }

    /// Writes it to `path`, readable by its owner alone, replacing what was there at once.
    public func save(path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data = try encoder.encode(self)
        let temporary = path + ".new"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary])
        }
        guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
    }

    /// Forgets the class: the file goes; the statistics stay.
    public static func remove(path: String) {
        unlink(path)
    }
}

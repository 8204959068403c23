/// Why a config file was refused: the file, the line and the key, and what is wrong.
///
/// Its `description` reads like a compiler's: `/etc/eartrainer/eartrainer.toml:12: training.reference_pitch: 600 is out of range 380…500`.
public struct ConfigError: Error, Sendable {
    /// What kind of problem it is.
    public enum Kind: String, Sendable, CaseIterable {
        /// The file could not be read.
        case unreadable
        /// The file is not valid TOML.
        case syntax
        /// A key or section the daemon does not know.
        case unknownKey
        /// A value of the wrong TOML type.
        case wrongType
        /// A value of the right type outside what is accepted.
        case invalidValue
    }

    /// The exit status for a refused config: `EX_CONFIG` from sysexits.h.
    public static let exitCode: Int32 = 78

    /// What kind of problem it is.
    public let kind: Kind
    /// The file, as given.
    public let file: String
    /// The line, from 1, when known.
    public let line: Int?
    /// The column, from 1, when known (syntax errors).
    public let column: Int?
    /// The dotted key, such as `training.reference_pitch`, when the problem is a key's.
    public let key: String?
    /// What is wrong, for a person.
    public let message: String

    /// An error; the loader makes these.
    public init(kind: Kind, file: String, line: Int?, column: Int? = nil, key: String?, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.message = message
    }
}

extension ConfigError.Kind: Hashable, Codable {}

extension ConfigError: Hashable, Codable {}

extension ConfigError: CustomStringConvertible {
    /// `file:line[:column]: [key: ]message`.
    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return place + ": " + (key.map { "\($0): " } ?? "") + message
    }
}

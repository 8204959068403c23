/// Where the config comes from, in lookup order: `--config`, `$EARTRAINER_CONFIG`,
/// `/etc/eartrainer/eartrainer.toml`, then the built-in defaults.
public enum ConfigSource: Sendable {
    /// `--config FILE`: must exist, or start-up fails.
    case commandLine(String)
    /// `$EARTRAINER_CONFIG`: must exist, or start-up fails.
    case environment(String)
    /// The system file, used only when it exists.
    case system(String)
    /// No file: `EartrainerConfig.defaults`.
    case builtInDefaults

    /// The system-wide config file.
    public static let systemPath = "/etc/eartrainer/eartrainer.toml"
    /// The environment variable naming a config file.
    public static let environmentVariable = "EARTRAINER_CONFIG"

    /// The file to read, if any.
    public var path: String? {
        switch self {
        case .commandLine(let path), .environment(let path), .system(let path): path
        case .builtInDefaults: nil
        }
    }

    /// The lookup: a pure function of the command line, the environment and the file system's answer
    /// to "does this file exist?". A path given explicitly is used even when missing, so that a typo
    /// in it is reported rather than silently replaced by defaults; an empty value counts as unset.
    public static func resolve(
        commandLine: String?, environment: [String: String], fileExists: (String) -> Bool,
        systemPath: String = ConfigSource.systemPath
    ) -> ConfigSource {
        if let path = commandLine, !path.isEmpty { return .commandLine(path) }
        if let path = environment[environmentVariable], !path.isEmpty { return .environment(path) }
        if fileExists(systemPath) { return .system(systemPath) }
        return .builtInDefaults
    }
}

extension ConfigSource: Hashable, Codable {}

extension ConfigSource: CustomStringConvertible {
    /// `/etc/eartrainer/eartrainer.toml` or `built-in defaults`.
    public var description: String { path ?? "built-in defaults" }
}

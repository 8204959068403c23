/// `settings.get` result: every key a student can set, and the files they come from.
public struct SettingsResult: Sendable, Hashable, Codable {
    public var settings: [SettingEntry]
    /// The config file read; null with the built-in defaults.
    public var configFile: String?
    /// Where the student's settings are kept; null when they are not kept.
    public var studentFile: String?

    public init(settings: [SettingEntry], configFile: String?, studentFile: String?) {
        self.settings = settings
        self.configFile = configFile
        self.studentFile = studentFile
    }

    enum CodingKeys: String, CodingKey {
        case settings
        case configFile = "config_file", studentFile = "student_file"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(settings, forKey: .settings)
        try container.encode(configFile, forKey: .configFile)
        try container.encode(studentFile, forKey: .studentFile)
    }
}

/// One student setting (`settings.get`'s entries, and `settings.set`'s result): its value as the
/// config file writes it, and where it comes from.
public struct SettingEntry: Sendable, Hashable, Codable {
    /// `training.tuning`.
    public var key: String
    /// `"just"`, `442`.
    public var value: String
    /// `student`, `file` or `default`.
    public var origin: String

    public init(key: String, value: String, origin: String) {
        self.key = key
        self.value = value
        self.origin = origin
    }
}

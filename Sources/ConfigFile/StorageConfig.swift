import Training

/// The `[storage]` section: the statistics database and whose answers it records.
public struct StorageConfig: Sendable {
    /// The SQLite file; nil for the default (`$STATE_DIRECTORY/eartrainer.sqlite`, else
    /// `~/.local/state/eartrainer/eartrainer.sqlite`).
    public var database: String?
    /// The student profile answers are recorded under; `--profile` overrides it.
    public var profile: String

    /// The defaults for every value not given.
    public init(database: String? = nil, profile: String = "default") {
        self.database = database
        self.profile = profile
    }

    /// Whether `name` can be a profile: 1–64 of `A-Z a-z 0-9 . _ -`.
    public static func isValidProfile(_ name: String) -> Bool {
        ProfileName.isValid(name)
    }
}

extension StorageConfig: Hashable, Codable {}

/// How this daemon runs, besides its config file: the student, the first seed, the client limit.
public struct DaemonOptions: Sendable {
    /// The profile answers are recorded under (already checked by `StorageConfig.isValidProfile`).
    public var profile: String
    /// Seeds the first session's random choices.
    public var seed: UInt64?
    /// Control-socket clients served at once (nil: the config's `socket.max_clients`).
    public var maxClients: Int?

    public init(profile: String, seed: UInt64? = nil, maxClients: Int? = nil) {
        self.profile = profile
        self.seed = seed
        self.maxClients = maxClients
    }
}

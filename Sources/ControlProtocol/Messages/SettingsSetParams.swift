/// `settings.set` params: one of the student's settings (`training.tuning`, or `tuning` for
/// short) set to a value (a string, number or boolean, as in the config file), or handed back to
/// the config file with `reset: true`.
public struct SettingsSetParams: Sendable, Hashable, Codable {
    public var key: String
    public var value: JSONValue?
    public var reset: Bool?

    public init(key: String, value: JSONValue? = nil, reset: Bool? = nil) {
        self.key = key
        self.value = value
        self.reset = reset
    }
}

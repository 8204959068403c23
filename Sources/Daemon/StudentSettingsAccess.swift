import ControlProtocol

/// What `settings.get` and `settings.set` reach: the student's settings over the config file.
/// The daemon's application passes the real one (the config reloader); without it both methods
/// say the settings are not available.
public struct StudentSettingsAccess: Sendable {
    /// Every key a student can set, with its value in force and where it comes from.
    public let list: @Sendable () -> SettingsResult
    /// Sets a key to a value (nil: back to the config file's), returning the key's entry as `list`
    /// gives it.
    public let set: @Sendable (_ key: String, _ value: JSONValue?) async throws(RPCError) -> SettingEntry?

    public init(list: @escaping @Sendable () -> SettingsResult,
                set: @escaping @Sendable (_ key: String, _ value: JSONValue?) async throws(RPCError) -> SettingEntry?) {
        self.list = list
        self.set = set
    }

    /// No settings to reach (an engine alone, some tests).
    public static let unavailable = StudentSettingsAccess(
        list: { SettingsResult(settings: [], configFile: nil, studentFile: nil) },
        set: { _, _ throws(RPCError) in throw .internalError("student settings are not available in this daemon") })
}

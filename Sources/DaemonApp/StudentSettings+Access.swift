import ConfigFile
import ControlProtocol
import Daemon

extension StudentSettingsAccess {
    /// `settings.get` and `settings.set` over the config reloader: values as the config file
    /// writes them, with where each comes from (`student`, `file`, `default`). A change is handed
    /// to `apply` (the core's settings), as a reload's is.
    static func over(_ reloader: ConfigReloader, apply: @escaping @Sendable (EartrainerConfig) async -> Void) -> StudentSettingsAccess {
        StudentSettingsAccess(
            list: {
                SettingsResult(settings: reloader.origins().map(Self.entry), configFile: reloader.source.path,
                               studentFile: reloader.studentPath)
            },
            set: { name, value throws(RPCError) in
                let text: String?
                switch value {
                case nil: text = nil
                case .string(let string)?:
                    // No setting's value holds a control character (a NUL, an escape, a newline).
                    guard PrintableText.isPrintable(string) else { throw .invalidParams("value: no control characters") }
                    text = StudentSettings.tomlText(string: string)
                case .number(let number)?: text = StudentSettings.number(number)
                case .bool(let flag)?: text = flag ? "true" : "false"
                case let other?: throw .invalidParams("value: a string, a number or a boolean, not \(other)")
                }
                do throws(ConfigError) {
                    try reloader.setStudent(name, toTOML: text)
                } catch {
                    if error.kind == .unreadable { throw .internalError(error.description) }
                    throw .invalidParams(error.description)
                }
                await apply(reloader.config)
                let key = StudentSettings.key(named: name)!.name
                return reloader.origins().first { $0.key == key }.map(Self.entry)
            })
    }

    private static func entry(_ origin: (key: String, value: String, origin: ConfigReloader.Origin)) -> SettingEntry {
        SettingEntry(key: origin.key, value: origin.value, origin: origin.origin.rawValue)
    }
}

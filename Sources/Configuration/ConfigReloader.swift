import Logging
import Synchronization
import Training

/// The config in force, and SIGHUP's reload: a valid file replaces it, an invalid one is reported
/// and the old config stays.
///
/// It is the engine's `TrainingSettingsSource`: the engine reads `current` at each prompt, so a
/// reloaded `[training]` applies from the next prompt on.
public final class ConfigReloader: TrainingSettingsSource, Sendable {
    /// What a reload did.
    public enum Outcome: Sendable, Hashable {
        /// The file was valid; these sections differ from before (empty when nothing changed).
        /// `training` and `midi.controls` take effect at the next prompt; the daemon decides what a
        /// change to the other sections needs (the lead's wiring may ask for a restart).
        case applied(changed: [String])
        /// The file was refused; the previous config stays in force.
        case rejected(ConfigError)
    }

    /// Where the config is read from.
    public let source: ConfigSource
    private let state: Mutex<EartrainerConfig>
    private let logger: Logger
    private let load: @Sendable (ConfigSource) throws(ConfigError) -> EartrainerConfig

    /// A reloader whose config is `initial`, loaded from `source` by the caller.
    public init(
        source: ConfigSource, initial: EartrainerConfig, logger: Logger,
        load: @escaping @Sendable (ConfigSource) throws(ConfigError) -> EartrainerConfig = { source throws(ConfigError) in
            try ConfigLoader.load(source)
        }
    ) {
        self.source = source
        self.state = Mutex(initial)
        self.logger = logger
        self.load = load
    }

    /// Loads `source` for start-up; an error should end the daemon with `ConfigError.exitCode`.
    public convenience init(loading source: ConfigSource, logger: Logger) throws(ConfigError) {
        self.init(source: source, initial: try ConfigLoader.load(source), logger: logger)
    }

    /// The config in force.
    public var config: EartrainerConfig { state.withLock { $0 } }

    /// The training settings in force, read by the engine at each prompt.
    public var current: TrainingSettings { config.training.trainingSettings }

    /// Reads the source again (on SIGHUP): applies it if valid, else keeps the old config.
    @discardableResult
    public func reload() -> Outcome {
        let new: EartrainerConfig
        do {
            new = try load(source)
        } catch {
            logger.error(
                "config reload refused; the previous config stays in force",
                metadata: ["file": "\(source)", "error": "\(error)"])
            return .rejected(error)
        }
        let old = state.withLock { config in
            defer { config = new }
            return config
        }
        let changed = Self.changedSections(old, new)
        logger.notice("config reloaded", metadata: ["file": "\(source)", "changed": "\(changed.joined(separator: ","))"])
        return .applied(changed: changed)
    }

    /// The top-level sections that differ.
    static func changedSections(_ old: EartrainerConfig, _ new: EartrainerConfig) -> [String] {
        var changed: [String] = []
        if old.midi != new.midi { changed.append("midi") }
        if old.audio != new.audio { changed.append("audio") }
        if old.training != new.training { changed.append("training") }
        if old.socket != new.socket { changed.append("socket") }
        if old.storage != new.storage { changed.append("storage") }
        return changed
    }
}

import Foundation
import Logging
import Synchronization
import Training

/// The config in force: the config file (SIGHUP reloads it: a valid file replaces it, an invalid
/// one is reported and the old config stays) with the student's settings over it
/// (`StudentSettings`, kept in `studentPath`).
///
/// It is the engine's `TrainingSettingsSource`: the engine reads `current` at each prompt, so a
/// reloaded `[training]` or a student's change applies from the next prompt on.
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

    /// Where a value in force comes from.
    public enum Origin: String, Sendable, Hashable, Codable {
        /// The student set it (`eartrainctl set`, the keyboard menu).
        case student
        /// The config file sets it.
        case file
        /// Neither: the built-in default.
        case `default`
    }

    /// Where the config is read from.
    public let source: ConfigSource
    /// Where the student's settings are kept; nil keeps them in memory only.
    public let studentPath: String?
    private let state: Mutex<Layers>
    private let logger: Logger
    private let load: @Sendable (ConfigSource) throws(ConfigError) -> EartrainerConfig

    private struct Layers {
        var file: EartrainerConfig
        var student: StudentSettings
        /// The student's file parsed: where the set keys' values are taken from.
        var studentParsed: EartrainerConfig
        var merged: EartrainerConfig

        mutating func merge() { merged = student.applied(to: file, parsed: studentParsed) }
    }

    /// A reloader whose config file's config is `initial`, loaded from `source` by the caller;
    /// the student's settings are read from `studentPath` (a file that is not valid is set
    /// aside as `student.toml.rejected`, logged, and not applied).
    public init(
        source: ConfigSource, initial: EartrainerConfig, logger: Logger,
        load: @escaping @Sendable (ConfigSource) throws(ConfigError) -> EartrainerConfig = { source throws(ConfigError) in
            try ConfigLoader.load(source)
        },
        studentPath: String? = nil
    ) {
        self.source = source
        self.logger = logger
        self.load = load
        self.studentPath = studentPath
        var layers = Layers(file: initial, student: StudentSettings(), studentParsed: .defaults, merged: initial)
        if let studentPath, let student = Self.readStudent(studentPath, load: load, logger: logger) {
            (layers.student, layers.studentParsed) = student
            layers.merge()
        }
        state = Mutex(layers)
    }

    /// Loads `source` for start-up; an error should end the daemon with `ConfigError.exitCode`.
    public convenience init(loading source: ConfigSource, logger: Logger) throws(ConfigError) {
        self.init(source: source, initial: try ConfigLoader.load(source), logger: logger)
    }

    /// The config in force.
    public var config: EartrainerConfig { state.withLock { $0.merged } }

    /// The training settings in force, read by the engine at each prompt.
    public var current: TrainingSettings { config.training.settings }

    /// The student's settings.
    public var student: StudentSettings { state.withLock { $0.student } }

    /// Reads the source again (on SIGHUP): applies it if valid, else keeps the old config. The
    /// student's settings stay over it.
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
        let (old, merged) = state.withLock { layers in
            let old = layers.merged
            layers.file = new
            layers.merge()
            return (old, layers.merged)
        }
        let changed = Self.changedSections(old, merged)
        logger.notice("config reloaded", metadata: ["file": "\(source)", "changed": "\(changed.joined(separator: ","))"])
        return .applied(changed: changed)
    }

    /// Sets one of the student's keys to `value` (TOML text: `"just_intonation"`, `442`), or
    /// hands it back to the config file when `value` is nil; checked by the config file's rules,
    /// then kept. Returns the sections that changed.
    @discardableResult
    public func setStudent(_ name: String, toTOML value: String?) throws(ConfigError) -> [String] {
        guard let key = StudentSettings.key(named: name) else {
            throw ConfigError(kind: .unknownKey, file: studentPath ?? "student settings", line: nil, key: name,
                              message: "not a setting a student can change; those are: "
                                  + StudentSettings.keys.map(\.name).joined(separator: ", "))
        }
        let (candidate, old) = state.withLock { ($0.student, $0.merged) }
        let changedSettings = value.map { candidate.setting(key, toTOML: $0) } ?? candidate.resetting(key)
        let parsed = try ConfigLoader.parse(changedSettings.text, file: studentPath ?? "student settings")
        if let studentPath { try Self.write(changedSettings.text, to: studentPath) }
        let merged = state.withLock { layers in
            layers.student = changedSettings
            layers.studentParsed = parsed
            layers.merge()
            return layers.merged
        }
        logger.notice("student setting changed", metadata: ["key": "\(key.name)", "value": "\(value ?? "(config file's)")"])
        return Self.changedSections(old, merged)
    }

    /// Each key a student can set: its value in force (TOML text) and where it comes from.
    public func origins() -> [(key: String, value: String, origin: Origin)] {
        let (config, student) = state.withLock { ($0.merged, $0.student) }
        let fileScan = source.path.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }.map(TOMLScan.init)
        return StudentSettings.keys.map { key in
            let origin: Origin = student.values[key.name] != nil ? .student
                : fileScan?.lines[key.path] != nil ? .file : .default
            return (key.name, key.value(config), origin)
        }
    }

    /// The top-level sections that differ.
    static func changedSections(_ old: EartrainerConfig, _ new: EartrainerConfig) -> [String] {
        var changed: [String] = []
        if old.midi != new.midi { changed.append("midi") }
        if old.audio != new.audio { changed.append("audio") }
        if old.training != new.training { changed.append("training") }
        if old.socket != new.socket { changed.append("socket") }
        if old.storage != new.storage { changed.append("storage") }
        if old.voice != new.voice { changed.append("voice") }
        if old.web != new.web { changed.append("web") }
        return changed
    }

    private static func readStudent(
        _ path: String, load: (ConfigSource) throws(ConfigError) -> EartrainerConfig, logger: Logger
    ) -> (StudentSettings, EartrainerConfig)? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            let parsed = try load(.commandLine(path))
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
            let scan = TOMLScan(text)
            var values: [String: String] = [:]
            for key in StudentSettings.keys where scan.lines[key.path] != nil { values[key.name] = key.value(parsed) }
            let unknown = scan.lines.keys.filter { path in !StudentSettings.keys.contains { $0.path == path } && path.count > 1 }
            if !unknown.isEmpty {
                throw ConfigError(kind: .unknownKey, file: path, line: nil, key: unknown.first!.joined(separator: "."),
                                  message: "not a setting a student can change")
            }
            return (StudentSettings(values: values), parsed)
        } catch {
            let aside = path + ".rejected"
            try? FileManager.default.removeItem(atPath: aside)
            try? FileManager.default.moveItem(atPath: path, toPath: aside)
            logger.error("student settings refused and set aside; the config file's values apply",
                         metadata: ["file": "\(path)", "moved_to": "\(aside)", "error": "\(error)"])
            return nil
        }
    }

    private static func write(_ text: String, to path: String) throws(ConfigError) {
        do {
            let folder = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ConfigError(kind: .unreadable, file: path, line: nil, key: nil, message: "cannot keep the student's settings: \(error.localizedDescription)")
        }
    }
}

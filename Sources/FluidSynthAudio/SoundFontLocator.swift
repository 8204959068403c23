import Foundation

/// Finds the SoundFont to load; the first found wins:
/// 1. the path from the config, 2. the first `.sf2` in the project's `soundfonts/` folder (by
/// name), 3. Debian's `/usr/share/sounds/sf2/FluidR3_GM.sf2` (package fluid-soundfont-gm).
public struct SoundFontLocator: Sendable {
    public static let systemPath = "/usr/share/sounds/sf2/FluidR3_GM.sf2"

    public var configuredPath: String?
    public var projectDirectory: String
    public var systemPath: String

    public init(configuredPath: String? = nil, projectDirectory: String = "soundfonts", systemPath: String = Self.systemPath) {
        self.configuredPath = configuredPath
        self.projectDirectory = projectDirectory
        self.systemPath = systemPath
    }

    /// The path of the SoundFont to use; throws, listing every place looked at, when none exists.
    public func locate() throws(AudioError) -> String {
        let files = FileManager.default
        if let configuredPath, files.isReadableFile(atPath: configuredPath) { return configuredPath }
        let inProject = ((try? files.contentsOfDirectory(atPath: projectDirectory)) ?? [])
            .filter { $0.lowercased().hasSuffix(".sf2") }
            .sorted()
            .map { projectDirectory + "/" + $0 }
            .first { files.isReadableFile(atPath: $0) }
        if let inProject { return inProject }
        if files.isReadableFile(atPath: systemPath) { return systemPath }
        throw .soundFontNotFound(searched: [configuredPath, projectDirectory + "/*.sf2", systemPath].compactMap { $0 })
    }
}

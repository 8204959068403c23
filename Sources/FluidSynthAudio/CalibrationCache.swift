import Foundation

/// Keeps calibration tables as JSON files, one per SoundFont digest, preset, note duration, sample
/// rate and velocity (the file name carries them all, and the file repeats them, so a table is
/// never used for anything else). The default folder is `$CACHE_DIRECTORY` (set by systemd's
/// `CacheDirectory=`), else `$XDG_CACHE_HOME/eartrainer`, else `~/.cache/eartrainer`.
public struct CalibrationCache: Sendable {
    public let directory: String

    public init(directory: String? = nil) {
        let environment = ProcessInfo.processInfo.environment
        if let directory {
            self.directory = directory
        } else if let systemd = environment["CACHE_DIRECTORY"], !systemd.isEmpty {
            self.directory = String(systemd.split(separator: ":").first ?? Substring(systemd))
        } else if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            self.directory = xdg + "/eartrainer"
        } else {
            self.directory = NSHomeDirectory() + "/.cache/eartrainer"
        }
    }

    func path(for identity: CelloCalibration.Identity) -> String {
        let preset = identity.preset
        return directory + "/cello-calibration-\(identity.soundFontDigest)-b\(preset.bank)-p\(preset.program)"
            + "-\(identity.noteDurationMilliseconds)ms-\(Int(identity.sampleRate))hz-v\(identity.velocity)-m\(identity.method).json"
    }

    /// The stored table for exactly this identity, or nil.
    public func load(_ identity: CelloCalibration.Identity) -> CelloCalibration? {
        guard let data = FileManager.default.contents(atPath: path(for: identity)),
              let table = try? JSONDecoder().decode(CelloCalibration.self, from: data),
              table.identity == identity
        else { return nil }
        return table
    }

    /// Stores a table; a cache that cannot be written only costs a new measurement next time.
    @discardableResult
    public func store(_ table: CelloCalibration) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(table) else { return false }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path(for: table.identity)), options: .atomic)
            return true
        } catch {
            return false
        }
    }
}

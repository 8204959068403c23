import Foundation

/// A cheap check of a SoundFont's outer RIFF chunk before FluidSynth reads it: a truncated file
/// would fail in FluidSynth's loader and then be handed to libinstpatch, which prints glib
/// criticals on stderr, outside the daemon's own log.
enum SoundFontHeader {
    /// Why the file is not a whole SoundFont, or nil when its RIFF size matches its length.
    static func problem(path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "cannot be opened" }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 12), header.count == 12,
              let length = try? handle.seekToEnd()
        else { return "too short to be a SoundFont" }
        let bytes = [UInt8](header)
        let declared = UInt64(bytes[4]) | UInt64(bytes[5]) << 8 | UInt64(bytes[6]) << 16 | UInt64(bytes[7]) << 24
        guard declared + 8 <= length else {
            return "truncated: the RIFF header declares \(declared + 8) bytes, the file has \(length)"
        }
        return nil
    }
}

import Foundation

/// A score file a teacher gives: MusicXML (`.musicxml`, `.xml`), compressed MusicXML (`.mxl`) or
/// a Standard MIDI File (`.mid`, `.midi`, `.smf`), known by its first bytes whatever its name.
public enum ScoreFile {
    /// Reads the file at `path`; a refusal names the file and its fault.
    public static func read(path: String) throws(ScoreError) -> Score {
        let name = (path as NSString).lastPathComponent
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let size = attributes?[.size] as? Int else { throw ScoreError("\(name): no such file, or it cannot be read") }
        guard size <= ScoreError.maximumBytes else { throw ScoreError("\(name): \(ScoreError.tooLarge(size).reason)") }
        guard let data = FileManager.default.contents(atPath: path) else { throw ScoreError("\(name): it cannot be read") }
        do { return try score(from: [UInt8](data)) } catch { throw ScoreError("\(name): \(error.reason)") }
    }

    /// Reads a score from its bytes, by what they begin with; one with no pitched note is refused.
    public static func score(from bytes: [UInt8]) throws(ScoreError) -> Score {
        let score = try anyScore(from: bytes)
        guard score.parts.contains(where: { !$0.notes.isEmpty }) else {
            throw ScoreError("the score has no pitched notes (only rests, or only percussion)")
        }
        return score
    }

    private static func anyScore(from bytes: [UInt8]) throws(ScoreError) -> Score {
        guard bytes.count <= ScoreError.maximumBytes else { throw .tooLarge(bytes.count) }
        if bytes.starts(with: Array("MThd".utf8)) { return try MIDIScore.score(try MIDIFile(bytes: bytes)) }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return try MusicXMLReader.score(try XMLElement.parse(try MusicXMLArchive.score(in: bytes))) }
        let head = String(decoding: bytes.prefix(512), as: UTF8.self)
        guard head.contains("<") else { throw ScoreError("not a score: neither MusicXML nor a MIDI file") }
        return try MusicXMLReader.score(try XMLElement.parse(bytes))
    }
}

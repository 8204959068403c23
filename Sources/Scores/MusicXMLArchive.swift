import Foundation
import ZIPFoundation

/// Compressed MusicXML (`.mxl`): a ZIP archive whose `META-INF/container.xml` names the score
/// inside it (its first `rootfile`); an archive without one holds its score as its only `.xml`
/// or `.musicxml` file outside META-INF.
enum MusicXMLArchive {
    static func score(in bytes: [UInt8]) throws(ScoreError) -> [UInt8] {
        let archive: Archive
        do { archive = try Archive(data: Data(bytes), accessMode: .read) } catch {
            throw ScoreError("not a compressed MusicXML file: it is no ZIP archive")
        }
        let path: String
        if let container = archive["META-INF/container.xml"] {
            let root = try XMLElement.parse(try extract(container, from: archive))
            guard let named = root.child("rootfiles")?.child("rootfile")?.attributes["full-path"] else {
                throw ScoreError("the compressed MusicXML file's META-INF/container.xml names no score")
            }
            path = named
        } else {
            let scores = archive.filter { !$0.path.hasPrefix("META-INF/") && ($0.path.hasSuffix(".xml") || $0.path.hasSuffix(".musicxml")) }
            guard scores.count == 1 else { throw ScoreError("the compressed MusicXML file holds \(scores.count) scores and no META-INF/container.xml to choose one") }
            path = scores[0].path
        }
        guard let entry = archive[path] else { throw ScoreError("the compressed MusicXML file has no \(path), which its container names") }
        return try extract(entry, from: archive)
    }

    /// An entry's bytes, refused past the size a score may have before any is inflated (an
    /// archive's stated size can lie: the inflating stops there too).
    private static func extract(_ entry: Entry, from archive: Archive) throws(ScoreError) -> [UInt8] {
        guard entry.uncompressedSize <= UInt64(ScoreError.maximumBytes) else { throw .tooLarge(Int(clamping: entry.uncompressedSize)) }
        var bytes: [UInt8] = []
        do {
            _ = try archive.extract(entry) { chunk in
                guard bytes.count + chunk.count <= ScoreError.maximumBytes else { throw ScoreError.tooLarge(bytes.count + chunk.count) }
                bytes += chunk
            }
        } catch let error as ScoreError {
            throw error
        } catch {
            throw ScoreError("the compressed MusicXML file's \(entry.path) cannot be inflated: \(error)")
        }
        return bytes
    }
}
